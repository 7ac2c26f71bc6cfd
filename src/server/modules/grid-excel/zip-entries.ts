import { promisify } from 'node:util'
import zlib from 'node:zlib'

/** One entry of a zip's central directory, with where its data really is. */
export type ZipEntry = {
  name: string
  method: number
  size: number
  start: number
  compressed: number
}

/** What went wrong reading a zip: not a zip we accept, or more than the caps allow. */
export class ZipRefused extends Error {
  constructor(readonly reason: 'malformed' | 'tooBig') {
    super(reason)
  }
}
const malformed = () => new ZipRefused('malformed')
const tooBig = () => new ZipRefused('tooBig')

const eocdSignature = 0x06054b50
const centralSignature = 0x02014b50
const localSignature = 0x04034b50

/**
 * The entries of a zip, read strictly: one end record whose central directory ends exactly
 * where the end record starts (no prepended data, no gap, so no reader can shift offsets
 * differently), no ZIP64, no encryption, stored or deflated entries only, each local header
 * naming the same file as its directory entry, data inside the file, no duplicate names.
 */
export function readZipEntries(b: Buffer, maxEntries: number): ZipEntry[] {
  let eocd = -1
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65_535); i--) {
    if (b.readUInt32LE(i) === eocdSignature) {
      eocd = i
      break
    }
  }
  if (eocd < 0) throw malformed()
  const disk = b.readUInt16LE(eocd + 4)
  const dirDisk = b.readUInt16LE(eocd + 6)
  const onDisk = b.readUInt16LE(eocd + 8)
  const count = b.readUInt16LE(eocd + 10)
  const dirSize = b.readUInt32LE(eocd + 12)
  const dirOffset = b.readUInt32LE(eocd + 16)
  if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) throw tooBig()
  if (disk !== 0 || dirDisk !== 0 || onDisk !== count) throw malformed()
  if (count > maxEntries) throw tooBig()
  if (dirOffset + dirSize !== eocd) throw malformed()
  const entries: ZipEntry[] = []
  const names = new Set<string>()
  let p = dirOffset
  for (let n = 0; n < count; n++) {
    if (p + 46 > eocd || b.readUInt32LE(p) !== centralSignature) throw malformed()
    const flags = b.readUInt16LE(p + 8)
    const method = b.readUInt16LE(p + 10)
    const compressed = b.readUInt32LE(p + 20)
    const size = b.readUInt32LE(p + 24)
    const nameLen = b.readUInt16LE(p + 28)
    const extraLen = b.readUInt16LE(p + 30)
    const commentLen = b.readUInt16LE(p + 32)
    const local = b.readUInt32LE(p + 42)
    if (p + 46 + nameLen > eocd) throw malformed()
    const name = b.toString('utf8', p + 46, p + 46 + nameLen)
    if (compressed === 0xffffffff || size === 0xffffffff) throw tooBig()
    if (flags & 1 || (method !== 0 && method !== 8) || names.has(name) || name === '')
      throw malformed()
    names.add(name)
    if (local + 30 > dirOffset || b.readUInt32LE(local) !== localSignature) throw malformed()
    const localNameLen = b.readUInt16LE(local + 26)
    if (localNameLen !== nameLen || b.toString('utf8', local + 30, local + 30 + nameLen) !== name)
      throw malformed()
    const start = local + 30 + localNameLen + b.readUInt16LE(local + 28)
    if (start + compressed > dirOffset) throw malformed()
    entries.push({ name, method, size, start, compressed })
    p += 46 + nameLen + extraLen + commentLen
  }
  if (p !== eocd) throw malformed()
  return entries
}

const inflateRaw = promisify(zlib.inflateRaw) as (b: Buffer, o: zlib.ZlibOptions) => Promise<Buffer>

/**
 * An entry's bytes, inflated (off the main thread) with output capped at `max`; refused when
 * it unpacks to more than that or to anything but the size its directory entry declares.
 */
export async function unpackEntry(b: Buffer, e: ZipEntry, max: number): Promise<Buffer> {
  if (e.size > max) throw tooBig()
  const data = b.subarray(e.start, e.start + e.compressed)
  let out: Buffer
  if (e.method === 0) out = data
  else {
    // one byte past the declared size is enough to catch a lie; never more than `max`
    const limit = Math.max(1, Math.min(max, e.size + 1))
    try {
      out = await inflateRaw(data, { maxOutputLength: limit })
    } catch (err) {
      throw (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' && limit === max
        ? tooBig()
        : malformed()
    }
  }
  if (out.length !== e.size) throw malformed()
  return out
}

/** A zip of stored (uncompressed) entries with true sizes and checksums, for the parser. */
export function storedZip(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8')
    const crc = zlib.crc32(f.data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(localSignature, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6) // names are UTF-8
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(f.data.length, 18)
    local.writeUInt32LE(f.data.length, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(centralSignature, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(f.data.length, 20)
    central.writeUInt32LE(f.data.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, f.data)
    centrals.push(central, name)
    offset += 30 + name.length + f.data.length
  }
  const dirSize = centrals.reduce((n, c) => n + c.length, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(eocdSignature, 0)
  end.writeUInt16LE(files.length, 8)
  end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(dirSize, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, ...centrals, end])
}
