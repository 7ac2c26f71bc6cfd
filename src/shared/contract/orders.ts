import { z } from 'zod'
import { baseVersionField } from './row-version.ts'
import {
  auditedRowFields,
  gridBool,
  gridDate,
  gridPrice,
  gridPriceSign,
  gridQuantity,
  gridText,
  orderNoField,
  recordId,
} from './grid-fields.ts'
import { gridFile, gridFiles } from './grid-files.ts'
import { gridArea } from './grid-area.ts'

/**
 * Orders (SPEC §3 grid rows, DESIGN §5). Workshop: 1 customer-supplied material,
 * 2 self-purchased. WorkshopSupervisor is the supervisor's name; MaterialQuantity (kg) and
 * MaterialPrice (per kg) are the material figures the supervisor keeps. TotalSum is
 * Quantity x UnitPrice, always computed by the server.
 */
export const orderRow = z.object({
  ...auditedRowFields,
  OrderNo: z.string(),
  Customer: z.string(),
  PartName: z.string(),
  Quantity: z.number().int(),
  UnitPrice: z.number(),
  TotalSum: z.number(),
  PriceSign: z.string(),
  JobStartTimeString: z.string(),
  RoughForging: z.boolean(),
  Workshop: z.number().int(),
  WorkshopSupervisor: z.string(),
  MaterialQuantity: z.number(),
  MaterialPrice: z.number(),
  /** the order's drawing: one file (PDF, spreadsheet or picture), `gridFileFields` */
  Drawing: z.array(gridFile),
  /** the customer's province, city, district codes, comma-joined ('' none) */
  CustomerArea: z.string(),
})
export type OrderRow = z.infer<typeof orderRow>

const workshop = z.preprocess(
  (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
  z.union([z.literal(1), z.literal(2)]).optional(),
)

/** Editable order fields; all but OrderNo may be left out (defaults on insert, unchanged on update). */
const orderFields = {
  Customer: gridText(100),
  PartName: gridText(100),
  Quantity: gridQuantity,
  UnitPrice: gridPrice,
  PriceSign: gridPriceSign,
  JobStartTimeString: gridDate,
  RoughForging: gridBool,
  Workshop: workshop,
  WorkshopSupervisor: gridText(50),
  MaterialQuantity: gridPrice,
  MaterialPrice: gridPrice,
  Drawing: gridFiles,
  CustomerArea: gridArea,
  Remark: gridText(500),
}

/** PostCommon `SaveOrder` insertRecords. Unknown keys (TotalSum, AuditStatus, ...) are ignored. */
export const orderInsert = z.object({ OrderNo: orderNoField, ...orderFields })
/** PostCommon `SaveOrder` updateRecords: Id and the fields to change. */
export const orderUpdate = z.object({
  Id: recordId,
  OrderNo: orderNoField.optional(),
  ...orderFields,
  ...baseVersionField,
})
