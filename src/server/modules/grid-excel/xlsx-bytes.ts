import zlib from 'node:zlib'
import { Code } from '#shared/contract/codes'
import { AppError } from '../../errors.ts'

/** Most an .xlsx may hold once unpacked, and its most entries (a zip bomb stops here). */
export const xlsxMaxUnpackedBytes = 64 * 1024 * 1024
const maxEntries = 2000

const zipMagic = [0x50, 0x4b, 0x03, 0x04]
/** OLE2 compound file: old .xls workbooks (and password-protected .xlsx). */
const oleMagic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const startsWith = (b: Buffer, bytes: number[]) => b.length >= bytes.length && bytes.every((x, i) => b[i] === x)

/** Bytes needed before `checkSpreadsheetHead` can decide. */
export const spreadsheetSniffBytes = 8

/** Refuses anything but a zip (xlsx) from its first bytes; an old .xls gets its own message. */
export function checkSpreadsheetHead(head: Buffer): void {
  if (startsWith(head, oleMagic)) throw new AppError(Code.badRequest, 'importXls')
  if (!startsWith(head, zipMagic)) throw new AppError(Code.badRequest, 'importNotXlsx')
}

const notXlsx = () => new AppError(Code.badRequest, 'importNotXlsx')
const tooBig = () => new AppError(Code.badRequest, 'importTooBig', undefined, { max: xlsxMaxUnpackedBytes / 1024 / 1024 })

/**
 * Checks a whole .xlsx before the spreadsheet library unpacks it: a zip whose central directory
 * lists `xl/workbook.xml`, at most `maxEntries` entries, no ZIP64, every entry stored or
 * deflated, and every entry really unpacking to no more than it declares, all of them to at
 * most `xlsxMaxUnpackedBytes` (each entry is inflated here with that cap, so a lying header
 * cannot make the library allocate more).
 */
export function checkXlsxZip(b: Buffer): void {
  checkSpreadsheetHead(b)
  // end of central directory: 22 bytes plus a comment of up to 65535
  let eocd = -1
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65_535); i--) {
    if (b.readUInt32LE(i) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) throw notXlsx()
  const entries = b.readUInt16LE(eocd + 10)
  const dirOffset = b.readUInt32LE(eocd + 16)
  if (entries === 0xffff || dirOffset === 0xffffffff) throw tooBig()
  if (entries > maxEntries) throw tooBig()
  let p = dirOffset
  let total = 0
  let workbook = false
  for (let n = 0; n < entries; n++) {
    if (p + 46 > b.length || b.readUInt32LE(p) !== 0x02014b50) throw notXlsx()
    const method = b.readUInt16LE(p + 10)
    const compressed = b.readUInt32LE(p + 20)
    const size = b.readUInt32LE(p + 24)
    const nameLen = b.readUInt16LE(p + 28)
    const extraLen = b.readUInt16LE(p + 30)
    const commentLen = b.readUInt16LE(p + 32)
    const local = b.readUInt32LE(p + 42)
    const name = b.toString('utf8', p + 46, p + 46 + nameLen)
    if (name === 'xl/workbook.xml') workbook = true
    if (compressed === 0xffffffff || size === 0xffffffff) throw tooBig()
    total += size
    if (total > xlsxMaxUnpackedBytes) throw tooBig()
    if (local + 30 > b.length || b.readUInt32LE(local) !== 0x04034b50) throw notXlsx()
    const start = local + 30 + b.readUInt16LE(local + 26) + b.readUInt16LE(local + 28)
    const data = b.subarray(start, start + compressed)
    if (data.length !== compressed) throw notXlsx()
    if (method === 8) {
      try {
        zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, size) })
      } catch (e) {
        throw (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? tooBig() : notXlsx()
      }
    } else if (method !== 0) throw notXlsx()
    p += 46 + nameLen + extraLen + commentLen
  }
  if (!workbook) throw notXlsx()
}
