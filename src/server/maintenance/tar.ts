import fs from 'node:fs'
import { once } from 'node:events'
import type { Readable, Writable } from 'node:stream'

/*
 * The little of the tar format (POSIX ustar) a backup needs: regular files with their paths,
 * sizes, modes and times. `tar tzf backup.tar.gz` lists a Forgeline backup and `tar xzf`
 * unpacks it, so an operator never depends on this code to get at the data.
 */

const block = 512

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0'
}

/** A ustar header for a regular file; a path longer than 100 bytes is split into prefix and name. */
export function tarHeader(name: string, size: number, mode: number, mtime: Date): Buffer {
  let prefix = ''
  let short = name
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155)
    prefix = name.slice(0, cut)
    short = name.slice(cut + 1)
    if (cut <= 0 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(short) > 100)
      throw new Error(`path too long for a backup: ${name}`)
  }
  const h = Buffer.alloc(block)
  h.write(short, 0, 100)
  h.write(octal(mode & 0o7777, 8), 100)
  h.write(octal(0, 8), 108)
  h.write(octal(0, 8), 116)
  h.write(octal(size, 12), 124)
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136)
  h.write('        ', 148)
  h.write('0', 156)
  h.write('ustar\0', 257)
  h.write('00', 263)
  h.write(prefix, 345, 155)
  let sum = 0
  for (const byte of h) sum += byte
  h.write(octal(sum, 7) + ' ', 148)
  return h
}

async function write(out: Writable, chunk: Buffer) {
  if (!out.write(chunk)) await once(out, 'drain')
}

/** Appends one file (read from `source` on disk, or given as bytes) to a tar stream. */
export async function addFile(
  out: Writable,
  name: string,
  source: string | Buffer,
  mode = 0o600,
): Promise<void> {
  if (typeof source !== 'string') {
    await write(out, tarHeader(name, source.length, mode, new Date()))
    await write(out, source)
    await write(out, Buffer.alloc((block - (source.length % block)) % block))
    return
  }
  const stat = fs.statSync(source)
  await write(out, tarHeader(name, stat.size, stat.mode, stat.mtime))
  let written = 0
  for await (const chunk of fs.createReadStream(source)) {
    const piece = (chunk as Buffer).subarray(0, stat.size - written)
    written += piece.length
    await write(out, piece)
  }
  if (written !== stat.size) throw new Error(`${source} changed size while it was copied`)
  await write(out, Buffer.alloc((block - (stat.size % block)) % block))
}

/** Ends a tar stream: two zero blocks. */
export const endTar = (out: Writable) => write(out, Buffer.alloc(block * 2))

export type TarEntry = {
  name: string
  mode: number
  mtime: Date
  size: number
  data: AsyncIterable<Buffer>
}

/** Buffers a byte stream so callers can take exactly n bytes at a time. */
function reader(input: Readable) {
  const it = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  let pending: Buffer = Buffer.alloc(0)
  return {
    /** Up to `n` bytes (fewer only at the end of the stream). */
    async take(n: number, whole = true): Promise<Buffer> {
      while (pending.length < (whole ? n : 1)) {
        const next = await it.next()
        if (next.done) break
        pending = pending.length === 0 ? next.value : Buffer.concat([pending, next.value])
      }
      const out = pending.subarray(0, n)
      pending = pending.subarray(out.length)
      return out
    },
  }
}

const field = (h: Buffer, at: number, len: number) =>
  h
    .subarray(at, at + len)
    .toString('utf8')
    .replace(/\0.*$/s, '')
const number = (h: Buffer, at: number, len: number) =>
  Number.parseInt(field(h, at, len).trim() || '0', 8)

/**
 * The regular files of a tar stream, in order; each entry's data must be read before the next.
 * Directories are skipped; any other kind of entry (links, devices) is refused.
 */
export async function* readTar(input: Readable): AsyncGenerator<TarEntry> {
  const r = reader(input)
  for (;;) {
    const h = await r.take(block)
    if (h.length < block) throw new Error('the archive ends in the middle of a file')
    if (h.every((b) => b === 0)) return
    let sum = 0
    for (let i = 0; i < block; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!
    if (sum !== number(h, 148, 8)) throw new Error('not a backup archive (bad tar header)')
    const prefix = field(h, 345, 155)
    const name = prefix ? `${prefix}/${field(h, 0, 100)}` : field(h, 0, 100)
    const size = number(h, 124, 12)
    const type = field(h, 156, 1) || '0'
    const padded = size + ((block - (size % block)) % block)
    if (type === '5') {
      await r.take(padded)
      continue
    }
    if (type !== '0') throw new Error(`the archive holds something other than a file: ${name}`)
    let left = size
    let consumed = false
    const data = (async function* () {
      while (left > 0) {
        const chunk = await r.take(Math.min(left, 1 << 20), false)
        if (chunk.length === 0) throw new Error('the archive ends in the middle of a file')
        left -= chunk.length
        yield chunk
      }
      await r.take(padded - size)
      consumed = true
    })()
    yield { name, mode: number(h, 100, 8), mtime: new Date(number(h, 136, 12) * 1000), size, data }
    if (!consumed) for await (const _ of data) void _
  }
}
