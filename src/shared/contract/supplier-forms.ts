import { z } from 'zod'
import { baseVersionField } from './row-version.ts'
import { envelope } from './envelope.ts'
import {
  areaCodes,
  optionalEmail,
  optionalText,
  phone,
  requiredText,
  textareaMax,
} from './fields.ts'
import { auditedRowFields, gridText, recordId } from './grid-fields.ts'

/**
 * `POST /FormZhengao/SupplierForm/Add` (SPEC §7, no prefix, public, rate-limited): a supplier
 * applies to work with the company.
 */
export const supplierFormFields = z.object({
  Company: requiredText(100),
  Contact: requiredText(50),
  Phone: phone,
  Email: optionalEmail,
  Address: optionalText(200),
  Products: optionalText(textareaMax),
  Message: optionalText(textareaMax),
})
export type SupplierFormFields = z.input<typeof supplierFormFields>

/**
 * The public supplier form (`/supplier-apply`) as it posts to `/FormZhengao/SupplierForm/Add`:
 * the form above with the products/processes offered required, the region of China
 * (province, city, district codes; SPEC §3) required, and the street address optional.
 */
export const supplierApplyFields = supplierFormFields.extend({
  Products: requiredText(textareaMax),
  Area: areaCodes,
})
export type SupplierApplyFields = z.input<typeof supplierApplyFields>
export const supplierFormAddResponse = envelope(z.object({ Id: z.number().int() }))

/** A stored supplier form as staff list it (`POST {API_PREFIX}/SupplierForm/GetList`). */
export const supplierFormRow = z.object({
  ...auditedRowFields,
  Company: z.string(),
  Contact: z.string(),
  Phone: z.string(),
  Email: z.string(),
  Address: z.string(),
  Products: z.string(),
  Message: z.string(),
})
export type SupplierFormRow = z.infer<typeof supplierFormRow>

/** PostCommon `SaveSupplierForm` updateRecords: staff only annotate a form (Remark). */
export const supplierFormUpdate = z.object({
  Id: recordId,
  Remark: gridText(500),
  ...baseVersionField,
})
