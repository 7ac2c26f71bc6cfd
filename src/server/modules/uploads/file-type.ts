import { sniffType } from './image-header.ts'

/** A file type the generic upload knows, by its content. */
export type FileKind = {
  ext: 'jpg' | 'png' | 'gif' | 'webp' | 'pdf' | 'xlsx' | 'xls'
  type: string
  image: boolean
}

const startsWith = (b: Buffer, bytes: number[]) =>
  b.length >= bytes.length && bytes.every((x, i) => b[i] === x)
const zip = [0x50, 0x4b, 0x03, 0x04]
const ole2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

/** Bytes the first check needs (the longest magic number: OLE2's 8). */
export const fileSniffBytes = 12

/**
 * A quick look at the first bytes: could this be an accepted file at all? (images, `%PDF-`,
 * a ZIP container for .xlsx, an OLE2 compound file for .xls). Anything else - executables,
 * HTML, SVG, scripts - is refused before the rest is read.
 */
export function mayBeAccepted(head: Buffer): boolean {
  return (
    !!sniffType(head) ||
    head.toString('latin1', 0, 5) === '%PDF-' ||
    startsWith(head, zip) ||
    startsWith(head, ole2)
  )
}

/** UTF-16LE of an OLE2 stream name, as it stands in the compound file's directory. */
const utf16 = (s: string) => Buffer.from(s, 'utf16le')

/**
 * What a whole file is, by its content only (never its name or the browser's MIME type):
 * JPEG, PNG, GIF, WebP, PDF (`%PDF-` and an `%%EOF` trailer), .xlsx (a ZIP whose entries
 * include `[Content_Types].xml` and `xl/workbook.xml`: a Word file or a plain ZIP is not
 * one) or .xls (an OLE2 file with a `Workbook` or `Book` stream). Undefined for anything else.
 */
export function sniffFile(data: Buffer): FileKind | undefined {
  const image = sniffType(data)
  if (image) return { ext: image.ext, type: image.type, image: true }
  if (data.toString('latin1', 0, 5) === '%PDF-') {
    // the trailer is in the last kilobyte; a file cut short or something else named .pdf has none
    const tail = data.toString('latin1', Math.max(0, data.length - 1024))
    return tail.includes('%%EOF')
      ? { ext: 'pdf', type: 'application/pdf', image: false }
      : undefined
  }
  if (startsWith(data, zip)) {
    const names =
      data.includes('[Content_Types].xml', 0, 'latin1') &&
      data.includes('xl/workbook.xml', 0, 'latin1')
    return names
      ? {
          ext: 'xlsx',
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          image: false,
        }
      : undefined
  }
  if (startsWith(data, ole2)) {
    const workbook = data.includes(utf16('Workbook')) || data.includes(utf16('Book\0'))
    return workbook ? { ext: 'xls', type: 'application/vnd.ms-excel', image: false } : undefined
  }
  return undefined
}

/** True when the setting's list allows this sniffed type (`jpg` or `jpeg` both allow JPEG). */
export const typeAllowed = (kind: FileKind, allowed: readonly string[]) =>
  allowed.includes(kind.ext) || (kind.ext === 'jpg' && allowed.includes('jpeg'))
