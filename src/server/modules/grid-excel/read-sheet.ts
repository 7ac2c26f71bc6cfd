import { Code } from '#shared/contract/codes'
import { gridImportMaxRows, type ImportRejectedRow } from '#shared/contract/grid-excel'
import { AppError } from '../../errors.ts'
import { t, type Lang } from '../../i18n.ts'
import { fieldInput, type Read } from './cell-value.ts'
import type { ExcelColumn } from './columns.ts'
import { formerLabelsOf, labelOf } from './labels.ts'
import { loopTurns } from './loop-turns.ts'

/** One data row: its Excel row number and its record (only whitelisted field names as keys). */
export type SheetRow = {
  row: number
  record: Record<string, unknown>
  refused: ReadonlySet<string>
}
/** The columns the header row names, in file order. */
export type Sheet = {
  rows: SheetRow[]
  rejected: ImportRejectedRow[]
  ignoredColumns: string[]
  present: ExcelColumn[]
}

/**
 * A worksheet as the import reads it, whatever the file format: the header cells, how many data
 * rows it declares (checked before reading them) and its non-empty rows with their cells' stored
 * values (`Read`: formulas never evaluated). Columns are numbered from 1.
 */
export type CellSource = {
  rowCount: number
  header: Map<number, Read>
  eachRow(cb: (n: number, cell: (col: number) => Read) => void): void
}

const norm = (s: string) => s.replace(/[\s*＊:：]/g, '').toLowerCase()

/**
 * Header text -> column, for the field name and both labels. A Map, so a header such as
 * `__proto__` or `constructor` is just a key that is not there; no header text ever becomes
 * a property name.
 */
function headerMap(
  kind: string,
  columns: ExcelColumn[],
  known: readonly string[],
): Map<string, ExcelColumn | null> {
  const map = new Map<string, ExcelColumn | null>()
  for (const field of known) {
    const l = labelOf(kind, field)
    for (const name of [field, l.zh, l.en, ...formerLabelsOf(kind, field)])
      map.set(norm(name), null)
  }
  for (const c of columns) {
    const l = labelOf(kind, c.field)
    for (const name of [c.field, l.zh, l.en, ...formerLabelsOf(kind, c.field)])
      map.set(norm(name), c)
  }
  return map
}

const cellText = (r: Read) =>
  r.value === undefined ? '' : r.value instanceof Date ? r.value.toISOString() : String(r.value)

/**
 * Reads the first row as headers and every further non-empty row as a record of the importable
 * columns. Headers of export-only columns (`known`: Id, TotalSum, audit...) are skipped quietly;
 * other unknown headers are reported in `ignoredColumns`. Formula cells give their saved result
 * (never evaluated); a formula without one, or an error value, refuses that cell.
 */
export async function readSheet(
  ws: CellSource,
  kind: string,
  columns: ExcelColumn[],
  known: readonly string[],
  lang: Lang,
): Promise<Sheet> {
  const byHeader = headerMap(kind, columns, known)
  const at = new Map<number, ExcelColumn>()
  const taken = new Set<string>()
  const ignoredColumns: string[] = []
  for (const [col, head] of ws.header) {
    const text = cellText(head).trim()
    if (text === '') continue
    const c = byHeader.get(norm(text))
    if (c && !taken.has(c.field)) {
      at.set(col, c)
      taken.add(c.field)
    } else if (c === undefined || c) ignoredColumns.push(text.slice(0, 50))
  }
  if (at.size === 0) throw new AppError(Code.badRequest, 'importNoColumns')
  if (ws.rowCount > gridImportMaxRows)
    throw new AppError(Code.badRequest, 'importTooManyRows', undefined, { max: gridImportMaxRows })

  const rows: SheetRow[] = []
  const rejected: ImportRejectedRow[] = []
  // the rows first (cheap), then read a few milliseconds at a time: other requests are
  // answered while a file of 10,000 rows is read
  const sheetRows: [number, (col: number) => Read][] = []
  ws.eachRow((n, cell) => void sheetRows.push([n, cell]))
  const turn = loopTurns()
  for (const [n, cell] of sheetRows) {
    await turn()
    const record: Record<string, unknown> = Object.create(null) as Record<string, unknown>
    const refused = new Set<string>()
    let filled = false
    for (const [col, c] of at) {
      const read = cell(col)
      if (read.problem) {
        refused.add(c.field)
        filled = true
        rejected.push({
          row: n,
          field: c.field,
          column: labelOf(kind, c.field)[lang],
          reason: t(read.problem, lang),
        })
        continue
      }
      const v = fieldInput(kind, c.field, c.type, read.value)
      if (v === undefined) continue
      record[c.field] = v
      filled = true
    }
    if (filled) rows.push({ row: n, record, refused })
  }
  if (rows.length > gridImportMaxRows)
    throw new AppError(Code.badRequest, 'importTooManyRows', undefined, { max: gridImportMaxRows })
  return { rows, rejected, ignoredColumns, present: [...at.values()] }
}
