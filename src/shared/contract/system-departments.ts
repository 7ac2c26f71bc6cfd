import { z } from 'zod'
import { baseVersionField, rowVersionField } from './row-version.ts'
import { envelope, page } from './envelope.ts'
import { idRecord, optText, recordId, sortOrder, text } from './content-fields.ts'

/** One department (SPEC §3 department tree: id, parentId, parentName, name, order, createTime). */
export const departmentRow = z.object({
  Id: z.number().int(),
  ParentId: z.number().int().nullable(),
  ParentName: z.string(),
  Name: z.string(),
  /** English name; '' = show `Name` */
  NameEn: z.string(),
  /** the parent's English name ('' = use ParentName) */
  ParentNameEn: z.string(),
  Sort: z.number().int(),
  CreateTimeString: z.string(),
  /** accounts in this department (not counting sub-departments) */
  UserCount: z.number().int(),
  ...rowVersionField,
})
export type DepartmentRow = z.infer<typeof departmentRow>

/** `POST Department/GetList` (admin): every department, parents before children, by Sort. */
export const departmentListBody = z.object({}).loose().optional()
export const departmentListResponse = envelope(page(departmentRow))

const fields = {
  Name: text(50),
  NameEn: optText(50),
  ParentId: recordId.nullable(),
  Sort: sortOrder,
}

/**
 * PostCommon `SaveDepartment` (admin): insert `{Name, NameEn?, ParentId, Sort?}`, update `{Id,
 * Name?, NameEn?, ParentId?, Sort?}` (rename, move, reorder), remove `{Id}` (only an empty department).
 */
export const departmentInsert = z.object({
  ...fields,
  NameEn: fields.NameEn.optional(),
  Sort: sortOrder.optional(),
})
export const departmentUpdate = z
  .object(fields)
  .partial()
  .extend({ Id: recordId, ...baseVersionField })
export const departmentRemove = idRecord
