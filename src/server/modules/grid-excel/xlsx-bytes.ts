import { Code } from '#shared/contract/codes'
import { AppError } from '../../errors.ts'
import { readZipEntries, storedZip, unpackEntry, ZipRefused } from './zip-entries.ts'

/** Most an .xlsx may hold once unpacked, and its most entries (a zip bomb stops here). */
export const xlsxMaxUnpackedBytes = 64 * 1024 * 1024
const maxEntries = 2000

const zipMagic = [0x50, 0x4b, 0x03, 0x04]
/** OLE2 compound file: old .xls workbooks (and password-protected .xlsx). */
const oleMagic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const startsWith = (b: Buffer, bytes: number[]) => b.length >= bytes.length && bytes.every((x, i) => b[i] === x)

/** Bytes needed before `checkSpreadsheetHead` can decide. */
export const spreadsheetSniffBytes = 8

/** An OLE2 compound file: an old .xls workbook, or an encrypted .xlsx. */
export const isOle = (head: Buffer) => startsWith(head, oleMagic)

/** Refuses anything but a zip (.xlsx) or an OLE2 compound file (.xls) from its first bytes. */
export function checkSpreadsheetHead(head: Buffer): void {
  if (!startsWith(head, zipMagic) && !isOle(head)) throw new AppError(Code.badRequest, 'importNotXlsx')
}

const notXlsx = () => new AppError(Code.badRequest, 'importNotXlsx')
const tooManyCells = () => new AppError(Code.badRequest, 'importTooManyCells', undefined, { max: xlsxMaxCells })
const tooBig = () => new AppError(Code.badRequest, 'importTooBig', undefined, { max: xlsxMaxUnpackedBytes / 1024 / 1024 })

/** Most cells all worksheets of an import may hold (rows x columns), counted before parsing. */
export const xlsxMaxCells = 400_000

/** Occurrences of a cell element (`<c ` or `<c>`) in a worksheet's XML: one linear pass. */
function countCells(xml: Buffer, max: number): number {
  let n = 0
  for (let i = xml.indexOf('<c'); i >= 0 && n <= max; i = xml.indexOf('<c', i + 2)) {
    const next = xml[i + 2]
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d) n++
  }
  return n
}

/**
 * Checks a whole .xlsx and returns the archive the spreadsheet library may read: a strictly
 * read zip (see `readZipEntries`) with `xl/workbook.xml`, at most `maxEntries` entries, each
 * inflated here through a capped stream (never past its declared size, all of them together
 * never past `xlsxMaxUnpackedBytes`), worksheets with at most `xlsxMaxCells` cells. The
 * library gets a new stored zip of exactly these verified bytes, so however the original
 * lies, what it unpacks is what was counted here.
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
    for (const e of entries) {
      if (e.name.endsWith('/')) continue
      const data = await unpackEntry(b, e, budget)
      budget -= data.length
      if (/^xl\/worksheets\/[^/]+\.xml$/.test(e.name)) {
        cells += countCells(data, xlsxMaxCells)
        if (cells > xlsxMaxCells) throw tooManyCells()
      }
      files.push({ name: e.name, data })
    }
    return storedZip(files)
  } catch (e) {
    if (e instanceof ZipRefused) throw e.reason === 'tooBig' ? tooBig() : new AppError(Code.badRequest, 'importDamaged')
    throw e
  }
}
