/**
 * GIF and WebP uploads lose their metadata without being re-encoded (no quality loss, animation
 * kept): the blocks and chunks that carry pictures and timing are copied, everything else is
 * left out. Throws on a file whose structure does not add up (the caller answers "broken").
 */

class Broken extends Error {}

/** Application extensions a GIF needs to play (loop count); others (XMP, ICC, vendor data) go. */
const gifKeptApplications = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0'])

/** GIF: comment extensions and application extensions other than the loop count are dropped. */
export function stripGifMetadata(b: Buffer): Buffer {
  const need = (at: number, n: number) => {
    if (at + n > b.length) throw new Broken('gif ends early')
  }
  // sub-blocks (size byte, data) up to the 0 terminator; answers the offset after it
  const skipSubBlocks = (at: number) => {
    for (;;) {
      need(at, 1)
      const size = b[at]!
      at += 1 + size
      if (size === 0) return at
    }
  }
  need(0, 13)
  const colorTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0)
  let at = 13 + colorTable(b[10]!)
  const parts: Buffer[] = [b.subarray(0, at)]
  for (;;) {
    need(at, 1)
    const introducer = b[at]!
    if (introducer === 0x3b) {
      parts.push(b.subarray(at, at + 1)) // trailer; anything after it is dropped
      return Buffer.concat(parts)
    }
    if (introducer === 0x2c) {
      need(at, 10)
      const end = skipSubBlocks(at + 10 + colorTable(b[at + 9]!) + 1) // descriptor, table, LZW code size
      parts.push(b.subarray(at, end))
      at = end
    } else if (introducer === 0x21) {
      need(at, 2)
      const label = b[at + 1]!
      const end = skipSubBlocks(at + 2)
      const id = label === 0xff && b[at + 2] === 11 ? b.toString('latin1', at + 3, at + 14) : ''
      const keep =
        label === 0xf9 || label === 0x01 || (label === 0xff && gifKeptApplications.has(id))
      if (keep) parts.push(b.subarray(at, end))
      at = end
    } else {
      throw new Broken('unknown gif block')
    }
  }
}

/** WebP chunks that hold the picture, its colour profile and animation; EXIF, XMP and others go. */
const webpKeptChunks = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP'])

/** WebP: EXIF, XMP and unknown chunks are dropped, and VP8X no longer announces them. */
export function stripWebpMetadata(b: Buffer): Buffer {
  if (
    b.length < 12 ||
    b.toString('latin1', 0, 4) !== 'RIFF' ||
    b.toString('latin1', 8, 12) !== 'WEBP'
  )
    throw new Broken('not webp')
  const end = Math.min(b.length, 8 + b.readUInt32LE(4))
  const parts: Buffer[] = []
  let at = 12
  while (at < end) {
    if (at + 8 > end) throw new Broken('webp chunk header cut')
    const fourcc = b.toString('latin1', at, at + 4)
    const size = b.readUInt32LE(at + 4)
    const next = at + 8 + size + (size & 1)
    if (at + 8 + size > end) throw new Broken('webp chunk cut')
    if (webpKeptChunks.has(fourcc)) {
      const chunk = Buffer.from(b.subarray(at, Math.min(next, end)))
      // VP8X flags: 0x08 EXIF, 0x04 XMP present
      if (fourcc === 'VP8X' && size >= 1) chunk[8] = chunk[8]! & ~0x0c
      parts.push(chunk.length % 2 ? Buffer.concat([chunk, Buffer.alloc(1)]) : chunk)
    }
    at = next
  }
  const body = Buffer.concat(parts)
  const head = Buffer.alloc(12)
  head.write('RIFF', 0, 'latin1')
  head.writeUInt32LE(4 + body.length, 4)
  head.write('WEBP', 8, 'latin1')
  return Buffer.concat([head, body])
}
