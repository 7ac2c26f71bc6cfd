/** What the first bytes of an upload say it is: type and pixel size, read without decoding. */
export type ImageHeader = {
  type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp'
  ext: 'jpg' | 'png' | 'gif' | 'webp'
  /** 0 when the header does not give them (a damaged file) */
  width: number
  height: number
}

const startsWith = (b: Buffer, bytes: number[], at = 0) =>
  b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x)
const ascii = (b: Buffer, at: number, s: string) =>
  b.length >= at + s.length && b.toString('latin1', at, at + s.length) === s

/** The image type by magic bytes, or undefined for anything else (executables, SVG, HTML, ...). */
export function sniffType(b: Buffer): Pick<ImageHeader, 'type' | 'ext'> | undefined {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { type: 'image/png', ext: 'png' }
  if (startsWith(b, [0xff, 0xd8, 0xff])) return { type: 'image/jpeg', ext: 'jpg' }
  if (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) return { type: 'image/gif', ext: 'gif' }
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return { type: 'image/webp', ext: 'webp' }
  return undefined
}

/** Bytes needed before sniffType can decide. */
export const sniffBytes = 12

function pngSize(b: Buffer) {
  // signature (8), IHDR length (4), "IHDR" (4), width (4), height (4)
  if (b.length < 24 || !ascii(b, 12, 'IHDR')) return undefined
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) }
}

function gifSize(b: Buffer) {
  return b.length < 10 ? undefined : { width: b.readUInt16LE(6), height: b.readUInt16LE(8) }
}

function webpSize(b: Buffer) {
  if (b.length < 30) return undefined
  if (ascii(b, 12, 'VP8 '))
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff }
  if (ascii(b, 12, 'VP8L')) {
    const bits = b.readUInt32LE(21)
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
  }
  if (ascii(b, 12, 'VP8X'))
    return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 }
  return undefined
}

/** Walks the JPEG markers to the first start-of-frame (SOF0-SOF15 except DHT, JPG, DAC). */
function jpegSize(b: Buffer) {
  let i = 2
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined
    const marker = b[i + 1]!
    if (marker === 0xff) {
      i++
      continue
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2
      continue
    }
    const length = b.readUInt16BE(i + 2)
    if (length < 2) return undefined
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) }
    }
    if (marker === 0xda || marker === 0xd9) return undefined
    i += 2 + length
  }
  return undefined
}

/** Type and pixel size of an image file's content, or undefined when it is not an accepted image. */
export function readImageHeader(b: Buffer): ImageHeader | undefined {
  const kind = sniffType(b)
  if (!kind) return undefined
  const size = { png: pngSize, jpg: jpegSize, gif: gifSize, webp: webpSize }[kind.ext](b)
  return { ...kind, width: size?.width ?? 0, height: size?.height ?? 0 }
}
