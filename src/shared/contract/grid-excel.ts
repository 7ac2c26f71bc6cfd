import { z } from 'zod'
import { envelope } from './envelope.ts'
import { gridListBody } from './grid-fields.ts'

/**
 * Excel import and export of the grids (SPEC §2 toolbar import/export, §5 "Import accepts xlsx
 * and xls; export is xlsx only").
 *
 * `POST {API_PREFIX}/{Kind}/Upload` (multipart/form-data, one .xlsx file, the upload size limit):
 * the first sheet, first row = headers (the contract field name or its Chinese or English label),
 * one record per further row. Every row is checked with the same rules as an inline save; the
 * file is imported all or nothing in one transaction. `SupplierForm/Upload` is the SPEC §7 call
 * (`result.insertRows`). An old .xls file is refused with a "save as .xlsx" message.
 *
 * `POST {API_PREFIX}/{Kind}/Export` with the grid's current filter: an .xlsx file of the rows
 * (at most `gridExportMaxRows`), text cells starting with = + - @ tab or CR escaped with `'`.
 */
export const gridImportMaxRows = 10_000
export const gridExportMaxRows = 50_000

/** One refused row of an import: its Excel row number, the field, the column header and why. */
export const importRejectedRow = z.object({
  row: z.number().int(),
  field: z.string(),
  column: z.string(),
  reason: z.string(),
})
export type ImportRejectedRow = z.infer<typeof importRejectedRow>

/**
 * The answer of an import: code 200 with `insertRows` = rows stored, or code 400 with
 * `insertRows` 0 and the `rejectedRows` (nothing stored). `ignoredColumns` are headers that
 * name no importable field (computed columns such as TotalSum, or unknown ones).
 */
export const gridImportResult = z.object({
  insertRows: z.number().int(),
  rejectedRows: z.array(importRejectedRow),
  ignoredColumns: z.array(z.string()),
})
export type GridImportResult = z.infer<typeof gridImportResult>
export const gridImportResponse = envelope(gridImportResult)

/** The filter of `{Kind}/Export`: the list filter without paging. */
export const gridExportBody = gridListBody.omit({ pageIndex: true, pageSize: true })
export type GridExportBody = z.input<typeof gridExportBody>

export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
