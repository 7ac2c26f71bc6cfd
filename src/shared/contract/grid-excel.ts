import { z } from 'zod'
import { envelope } from './envelope.ts'
import { gridListBody } from './grid-fields.ts'

/**
 * Excel import and export of the grids (SPEC §2 toolbar import/export, §5 "Import accepts xlsx
 * and xls; export is xlsx only").
 *
 * `POST {API_PREFIX}/{Kind}/Upload` (multipart/form-data, one .xlsx or .xls file, the upload size
 * limit): the first sheet, first row = headers (the contract field name or its Chinese or English
 * label), one record per further row. Rows are matched to stored records by the kind's key
 * (`importKeyOf`: the order number for orders, the record Id for the others); a matched row
 * updates only the cells that differ, an unmatched one is new. `?mode=preview` answers the plan
 * and changes nothing; `?mode=apply&token=` applies it in one transaction only if the plan is
 * still the one previewed (same token); without `mode` the file is applied at once (the SPEC §7
 * `SupplierForm/Upload` call, `result.insertRows`). Every row is checked with the same rules as
 * an inline save, all or nothing.
 *
 * `POST {API_PREFIX}/{Kind}/Export` with the grid's current filter: an .xlsx file of every
 * matching row, streamed (header `X-Total-Count`: how many rows matched when it began), text
 * cells starting with = + - @ tab or CR escaped with `'`. A filter matching more rows than one
 * Excel sheet holds (`gridExportMaxRows`, 1,048,576 rows less the header) is refused up front.
 */
export const gridImportMaxRows = 10_000
export const gridExportMaxRows = 1_048_575

/** One refused row of an import: its Excel row number, the field, the column header and why. */
export const importRejectedRow = z.object({
  row: z.number().int(),
  field: z.string(),
  column: z.string(),
  reason: z.string(),
})
export type ImportRejectedRow = z.infer<typeof importRejectedRow>

/**
 * One cell an import changes on a stored record: the field, its header, and both values as text.
 * `clash`: the file's row carries the `RowVersion` it was exported at, and this field was changed
 * in Forgeline since (by `changedBy` at `changedAt`): `from` is that newer value, `to` the file's.
 */
export const importChangedField = z.object({
  field: z.string(),
  column: z.string(),
  from: z.string(),
  to: z.string(),
  clash: z.boolean().optional(),
  changedBy: z.string().optional(),
  changedAt: z.string().optional(),
})
export type ImportChangedField = z.infer<typeof importChangedField>

/**
 * A row matching a stored record that differs from it: what changes, and whether its audit goes
 * back to pending. `clash`: a field it changes was changed in Forgeline since the export (see
 * `importChangedField`); such a row is applied only when the apply call lists it (`applyRows`),
 * else its record is left as it is in Forgeline. A file without the `RowVersion` column has no clashes.
 */
export const importChangedRow = z.object({
  row: z.number().int(),
  key: z.string(),
  auditReset: z.boolean(),
  fields: z.array(importChangedField),
  clash: z.boolean().optional(),
})
export type ImportChangedRow = z.infer<typeof importChangedRow>

/** The record key an import matches rows by: order number for orders, the record Id otherwise. */
export const importKeyOf = (kind: string): 'OrderNo' | 'Id' => (kind === 'Order' ? 'OrderNo' : 'Id')

/**
 * The answer of an import or its preview. `insertRows` new rows, `updateRows` changed rows (with
 * `changedRows`), `unchangedRows` rows equal to their record, `rejectedRows` refused cells.
 * `applied` tells whether anything was stored (never on a preview; code 400 and nothing stored
 * when a row is refused). `token` names the plan: send it back with `mode=apply`.
 * `ignoredColumns` are headers that name no importable field.
 */
export const gridImportResult = z.object({
  insertRows: z.number().int(),
  updateRows: z.number().int(),
  unchangedRows: z.number().int(),
  rejectedRows: z.array(importRejectedRow),
  changedRows: z.array(importChangedRow),
  ignoredColumns: z.array(z.string()),
  applied: z.boolean(),
  token: z.string(),
})
export type GridImportResult = z.infer<typeof gridImportResult>
export const gridImportResponse = envelope(gridImportResult)

/**
 * `{Kind}/Upload` query: preview, or apply a previewed plan (its token). `applyRows`: the Excel row
 * numbers of the clash rows the user ticked to apply, comma-separated (absent: none).
 */
export const gridImportQuery = z.object({
  mode: z.enum(['preview', 'apply']).optional(),
  token: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  applyRows: z
    .string()
    .regex(/^\d{1,7}(,\d{1,7}){0,9999}$/)
    .optional(),
})
export type GridImportQuery = z.infer<typeof gridImportQuery>

/** The filter of `{Kind}/Export`: the list filter without paging. */
export const gridExportBody = gridListBody.omit({ pageIndex: true, pageSize: true })
export type GridExportBody = z.input<typeof gridExportBody>

export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
