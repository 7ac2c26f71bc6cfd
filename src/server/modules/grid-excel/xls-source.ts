import type * as SheetJsModule from '@e965/xlsx'
import type { CellObject, WorkSheet } from '@e965/xlsx'
import { Code } from '#shared/contract/codes'
import { gridImportMaxRows } from '#shared/contract/grid-excel'
import { AppError } from '../../errors.ts'
import type { Plain, Read } from './cell-value.ts'
import type { CellSource } from './read-sheet.ts'
import { xlsxMaxCells } from './xlsx-bytes.ts'

type SheetJs = typeof SheetJsModule
let loaded: Promise<SheetJs> | undefined
/** The .xls reader (SheetJS), loaded at the first .xls import only. */
const loadSheetJs = () => (loaded ??= import('@e965/xlsx'))

const unreadable = () => new AppError(Code.badRequest, 'importXlsUnreadable')
const tooManyCells = () =>
  new AppError(Code.badRequest, 'importTooManyCells', undefined, { max: xlsxMaxCells })
const rangesTooLarge = () =>
  new AppError(Code.badRequest, 'importRangesTooLarge', undefined, { max: xlsxMaxCells })

/**
 * BIFF records the reader makes one cell of each (NUMBER, RK, LABELSST, LABEL, BOOLERR, FORMULA,
 * RSTRING, NOTE, and their BIFF2-4 forms, which it reads in any workbook).
 */
const oneCell = new Set([
  0x0203, 0x0003, 0x0002, 0x0005, 0x0205, 0x027e, 0x00fd, 0x0204, 0x0004, 0x0006, 0x0206, 0x0406,
  0x00d6, 0x001c,
])
const mulRk = 0x00bd
const filePass = 0x002f
/** Hyperlink and hyperlink tooltip records: the reader visits every cell of their range (Ref8U at `offset`). */
const rangeRecords = new Map([
  [0x01b8, 0],
  [0x0800, 2],
])

/**
 * Counts the value cells of a BIFF workbook stream by walking its record headers (one linear
 * pass, no parsing of the values): refuses an encrypted workbook, one over `xlsxMaxCells` cells,
 * and one whose hyperlink ranges cover more cells than that (the reader walks each such range
 * cell by cell: up to 65,536 x 65,536 per record) before the reader builds anything. Merged
 * ranges and the declared dimensions are kept as ranges by the reader, never expanded.
 */
function checkBiff(stream: Uint8Array): void {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength)
  let cells = 0
  let ranges = 0
  for (let p = 0; p + 4 <= stream.length;) {
    const type = view.getUint16(p, true)
    const len = view.getUint16(p + 2, true)
    if (type === filePass) throw new AppError(Code.badRequest, 'importEncrypted')
    if (oneCell.has(type)) cells++
    else if (type === mulRk && len >= 6) cells += Math.floor((len - 6) / 6)
    else {
      const at = rangeRecords.get(type)
      if (at !== undefined && len >= at + 8 && p + 4 + at + 8 <= stream.length) {
        const [r1, r2, c1, c2] = [0, 2, 4, 6].map((o) => view.getUint16(p + 4 + at + o, true)) as [
          number,
          number,
          number,
          number,
        ]
        ranges += Math.max(0, r2 - r1 + 1) * Math.max(0, c2 - c1 + 1)
        if (ranges > xlsxMaxCells) throw rangesTooLarge()
      }
    }
    if (cells > xlsxMaxCells) throw tooManyCells()
    p += 4 + len
  }
}

const toPlain = (v: unknown): Plain | undefined =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date
    ? v
    : undefined

/**
 * The first worksheet of an old Excel 97-2003 (.xls, BIFF8; BIFF5 too) workbook as import cells,
 * read by SheetJS: formulas are never evaluated (only the result the spreadsheet saved is read),
 * at most `gridImportMaxRows` + 1 data rows are built (a longer sheet is refused by its declared
 * size) and the cells are counted first (`checkBiff`). Date-formatted numbers become UTC dates.
 * Anything the reader cannot read, or an OLE file that is not a workbook, gets a clear message.
 */
export async function xlsSource(file: Buffer): Promise<CellSource> {
  const X = await loadSheetJs()
  let stream: Uint8Array | undefined
  try {
    const cfb = X.CFB.read(file, { type: 'buffer' })
    const entry = X.CFB.find(cfb, 'Workbook') ?? X.CFB.find(cfb, 'Book')
    if (!entry) {
      // an encrypted .xlsx is an OLE file with an EncryptedPackage stream
      if (X.CFB.find(cfb, 'EncryptedPackage'))
        throw new AppError(Code.badRequest, 'importEncrypted')
      throw unreadable()
    }
    stream = entry.content as Uint8Array
  } catch (e) {
    if (e instanceof AppError) throw e
    throw unreadable()
  }
  checkBiff(stream)
  let ws: WorkSheet | undefined
  try {
    const wb = X.read(file, {
      type: 'buffer',
      dense: true,
      sheets: 0,
      sheetRows: gridImportMaxRows + 2,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellDates: false,
      cellNF: true,
      cellStyles: false,
      bookVBA: false,
    })
    ws = wb.Sheets[wb.SheetNames[0] ?? '']
  } catch (e) {
    if (e instanceof AppError) throw e
    throw unreadable()
  }
  if (!ws) throw new AppError(Code.badRequest, 'importEmpty')
  const ref = (ws['!fullref'] as string | undefined) ?? ws['!ref']
  const range = ref ? X.utils.decode_range(ref) : undefined
  const data = (ws['!data'] ?? []) as (CellObject | undefined)[][]
  const read = (c: CellObject | undefined): Read => {
    if (!c || c.t === 'z') return {}
    if (c.t === 'e') return { problem: 'importCellError' }
    if (c.t === 'n' && typeof c.v === 'number' && typeof c.z === 'string' && X.SSF.is_date(c.z))
      return { value: new Date(Math.round((c.v - 25569) * 86_400_000)) }
    return { value: toPlain(c.v) }
  }
  const header = new Map<number, Read>()
  ;(data[0] ?? []).forEach((c, i) => {
    const r = read(c)
    if (r.value !== undefined) header.set(i + 1, r)
  })
  return {
    rowCount: range ? range.e.r : 0,
    header,
    eachRow(cb) {
      for (let r = 1; r < data.length; r++) {
        const row = data[r]
        if (!row || row.every((c) => read(c).value === undefined && !read(c).problem)) continue
        cb(r + 1, (col) => read(row[col - 1]))
      }
    },
  }
}
