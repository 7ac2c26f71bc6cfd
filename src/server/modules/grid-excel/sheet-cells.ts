import { Code } from '#shared/contract/codes'
import { gridImportMaxRows } from '#shared/contract/grid-excel'
import { AppError } from '../../errors.ts'
import type { Read } from './cell-value.ts'
import type { CellSource } from './read-sheet.ts'

/**
 * A worksheet as plain data, as the parse worker hands it over: the header cells, the declared
 * data row count, and for each non-empty data row its cells under a non-empty header (column,
 * value) only. Dates, strings, numbers and booleans survive the copy between threads as they are.
 */
export type SheetCells = {
  rowCount: number
  header: [number, Read][]
  rows: [number, [number, Read][]][]
}

/** What the parse worker posts back: the cells, a refusal to show (message key), or a failure. */
export type ParseAnswer =
  | { ok: true; cells: SheetCells }
  | {
      ok: false
      code: number
      key: AppError['messageKey']
      params?: Record<string, string | number>
    }
  | { ok: false; code?: undefined; error: string }

/** Most characters of text one import hands over (all its cells together). */
export const sheetMaxTextChars = 16 * 1024 * 1024
/** Excel keeps at most this many characters in a cell; longer text is cut to one past it (still too long for any field). */
const cellMaxChars = 32_767

const tooMuchText = () =>
  new AppError(Code.badRequest, 'importTooMuchText', undefined, {
    max: sheetMaxTextChars / 1024 / 1024,
  })

/**
 * The plain data of a worksheet read by a spreadsheet library (in the parse worker): only the
 * columns with a header, no rows at all when the sheet declares more than the import takes (the
 * import refuses it by that count), text bounded per cell and in all (a string shared by many
 * cells is counted for each, as each copy would be sent).
 */
export function sheetCells(source: CellSource): SheetCells {
  const header = [...source.header].filter(
    ([, r]) => r.value !== undefined && String(r.value).trim() !== '',
  )
  const columns = header.map(([col]) => col)
  const rows: SheetCells['rows'] = []
  let text = 0
  const bounded = (r: Read): Read => {
    if (typeof r.value !== 'string') return r
    const value = r.value.length > cellMaxChars ? r.value.slice(0, cellMaxChars + 1) : r.value
    text += value.length
    if (text > sheetMaxTextChars) throw tooMuchText()
    return { value }
  }
  header.forEach(([, r]) => bounded(r))
  if (source.rowCount <= gridImportMaxRows && columns.length > 0) {
    source.eachRow((n, cell) => {
      const cells: [number, Read][] = []
      for (const col of columns) {
        const r = cell(col)
        if (r.value !== undefined || r.problem) cells.push([col, bounded(r)])
      }
      if (cells.length > 0) rows.push([n, cells])
      if (rows.length > gridImportMaxRows + 1)
        throw new AppError(Code.badRequest, 'importTooManyRows', undefined, {
          max: gridImportMaxRows,
        })
    })
  }
  return { rowCount: source.rowCount, header, rows }
}

/** The import's view of plain worksheet data (the main thread's side of `sheetCells`). */
export function cellSource(cells: SheetCells): CellSource {
  return {
    rowCount: cells.rowCount,
    header: new Map(cells.header),
    eachRow(cb) {
      for (const [n, list] of cells.rows) {
        const byCol = new Map(list)
        cb(n, (col) => byCol.get(col) ?? {})
      }
    },
  }
}
