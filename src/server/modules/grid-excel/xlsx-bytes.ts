import { Code } from '#shared/contract/codes'
import { AppError } from '../../errors.ts'
import { attribute, keepRootChildren, rangeArea, XmlRefused } from './sheet-xml.ts'
import { readZipEntries, storedZip, unpackEntry, ZipRefused } from './zip-entries.ts'

/** Most an .xlsx may hold once unpacked, and its most entries (a zip bomb stops here). */
export const xlsxMaxUnpackedBytes = 64 * 1024 * 1024
const maxEntries = 2000

const zipMagic = [0x50, 0x4b, 0x03, 0x04]
/** OLE2 compound file: old .xls workbooks (and password-protected .xlsx). */
const oleMagic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const startsWith = (b: Buffer, bytes: number[]) =>
  b.length >= bytes.length && bytes.every((x, i) => b[i] === x)

/** Bytes needed before `checkSpreadsheetHead` can decide. */
export const spreadsheetSniffBytes = 8

/** An OLE2 compound file: an old .xls workbook, or an encrypted .xlsx. */
export const isOle = (head: Buffer) => startsWith(head, oleMagic)

/** Refuses anything but a zip (.xlsx) or an OLE2 compound file (.xls) from its first bytes. */
export function checkSpreadsheetHead(head: Buffer): void {
  if (!startsWith(head, zipMagic) && !isOle(head))
    throw new AppError(Code.badRequest, 'importNotXlsx')
}

const notXlsx = () => new AppError(Code.badRequest, 'importNotXlsx')
const tooManyCells = () =>
  new AppError(Code.badRequest, 'importTooManyCells', undefined, { max: xlsxMaxCells })
const tooBig = () =>
  new AppError(Code.badRequest, 'importTooBig', undefined, {
    max: xlsxMaxUnpackedBytes / 1024 / 1024,
  })

/** Most cells all worksheets of an import may hold (rows x columns), counted before parsing. */
export const xlsxMaxCells = 400_000

const rangesTooLarge = () =>
  new AppError(Code.badRequest, 'importRangesTooLarge', undefined, { max: xlsxMaxCells })

/**
 * The parts the spreadsheet library reads as worksheets and as the workbook, matched as it
 * matches them (exceljs: a leading `/` dropped, worksheet names unanchored), so that no copy of
 * a part under another name escapes the checks below.
 */
const partName = (name: string) => (name.startsWith('/') ? name.slice(1) : name)
const isWorksheet = (name: string) => /xl\/worksheets\/sheet(\d+)[.]xml/.test(partName(name))
const isWorkbook = (name: string) => partName(name) === 'xl/workbook.xml'

/** Worksheet children an import reads: the cells, and merges (a merged cell reads as its first cell). */
const sheetKeeps = new Set(['sheetData', 'mergeCells'])
/** Workbook children an import reads: the sheet list and the date system (no defined names). */
const workbookKeeps = new Set(['workbookPr', 'sheets'])

/**
 * A worksheet with only its cells and merges, with how many cell elements it has and how many
 * cells its merges cover (the library builds every cell of a merged range), stopping as soon as
 * both pass `room`. What else a worksheet holds expands ranges into cells too (data validation
 * `sqref`, conditional formats, column ranges, hyperlinks) and an import needs none of it: it is
 * left out before parsing.
 */
function prunedSheet(xml: Buffer, room: number): { xml: Buffer; cells: number; merged: number } {
  let cells = 0
  let merged = 0
  const pruned = keepRootChildren(xml, sheetKeeps, (name, tag) => {
    if (name === 'c') {
      if (++cells > room) throw tooManyCells()
    } else if (name === 'mergeCell') {
      const area = rangeArea(attribute(tag, 'ref') ?? '')
      if (area === undefined) throw new XmlRefused()
      merged += area
      if (merged > room) throw rangesTooLarge()
    }
  })
  return { xml: pruned, cells, merged }
}

/**
 * Checks a whole .xlsx and returns the archive the spreadsheet library may read: a strictly
 * read zip (see `readZipEntries`) with `xl/workbook.xml`, at most `maxEntries` entries, each
 * inflated here through a capped stream (never past its declared size, all of them together
 * never past `xlsxMaxUnpackedBytes`); worksheets cut to their cells and merges (`prunedSheet`),
 * at most `xlsxMaxCells` cells in all, merged ranges counted cell by cell; the workbook without
 * its defined names (print areas and names: ranges the library expands cell by cell). The
 * library gets a new stored zip of exactly these bytes, so however the original lies, what it
 * unpacks is what was counted here.
 */
export async function verifiedXlsx(b: Buffer): Promise<Buffer> {
  if (!startsWith(b, zipMagic)) throw notXlsx()
  try {
    const entries = readZipEntries(b, maxEntries)
    if (!entries.some((e) => e.name === 'xl/workbook.xml')) throw notXlsx()
    let declared = 0
    for (const e of entries) declared += e.size
    if (declared > xlsxMaxUnpackedBytes) throw tooBig()
    const files: { name: string; data: Buffer }[] = []
    let budget = xlsxMaxUnpackedBytes
    let cells = 0
    let merged = 0
    for (const e of entries) {
      if (e.name.endsWith('/')) continue
      let data = await unpackEntry(b, e, budget)
      budget -= data.length
      if (isWorksheet(e.name)) {
        const sheet = prunedSheet(data, xlsxMaxCells - cells - merged)
        cells += sheet.cells
        merged += sheet.merged
        if (cells + merged > xlsxMaxCells) throw rangesTooLarge()
        data = sheet.xml
      } else if (isWorkbook(e.name)) data = keepRootChildren(data, workbookKeeps)
      files.push({ name: e.name, data })
    }
    return storedZip(files)
  } catch (e) {
    if (e instanceof ZipRefused)
      throw e.reason === 'tooBig' ? tooBig() : new AppError(Code.badRequest, 'importDamaged')
    if (e instanceof XmlRefused) throw new AppError(Code.badRequest, 'importDamaged')
    throw e
  }
}
