import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  readZipEntries,
  storedZip,
  unpackEntry,
  ZipRefused,
  type ZipEntry,
} from '#server/modules/grid-excel/zip-entries'

/**
 * The strict zip reader of the .xlsx import, tested directly: each rule of
 * `readZipEntries` by a zip that breaks only that rule, the caps of `unpackEntry`, and the
 * stored zip handed to the spreadsheet library.
 */
type Spec = {
  name: string
  data: Buffer
  method?: number
  flags?: number
  /** the size the directory declares (the data's own length unless told) */
  size?: number
  /** the compressed size the directory declares */
  compressed?: number
  localName?: string
  localExtra?: number
  centralExtra?: number
  centralComment?: number
  localOffset?: number
}

/** A zip whose every header field can be set wrong; `end` changes the end record. */
function zip(
  specs: Spec[],
  end: Partial<
    Record<'disk' | 'dirDisk' | 'onDisk' | 'count' | 'dirSize' | 'dirOffset', number>
  > & {
    gap?: number
    /** bytes after the last directory entry, counted in the directory's size */
    dirTail?: Buffer
    comment?: Buffer
    prefix?: number
  } = {},
): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = end.prefix ?? 0
  if (end.prefix) locals.push(Buffer.alloc(end.prefix))
  for (const s of specs) {
    const name = Buffer.from(s.name)
    const localName = Buffer.from(s.localName ?? s.name)
    const compressed = s.compressed ?? s.data.length
    const size = s.size ?? s.data.length
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(s.flags ?? 0, 6)
    local.writeUInt16LE(s.method ?? 0, 8)
    local.writeUInt32LE(compressed, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(localName.length, 26)
    local.writeUInt16LE(s.localExtra ?? 0, 28)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(s.flags ?? 0, 8)
    central.writeUInt16LE(s.method ?? 0, 10)
    central.writeUInt32LE(compressed, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt16LE(s.centralExtra ?? 0, 30)
    central.writeUInt16LE(s.centralComment ?? 0, 32)
    central.writeUInt32LE(s.localOffset ?? offset, 42)
    locals.push(local, localName, Buffer.alloc(s.localExtra ?? 0, 0x11), s.data)
    centrals.push(
      central,
      name,
      Buffer.alloc(s.centralExtra ?? 0, 0x22),
      Buffer.alloc(s.centralComment ?? 0, 0x33),
    )
    offset += 30 + localName.length + (s.localExtra ?? 0) + s.data.length
  }
  if (end.dirTail) centrals.push(end.dirTail)
  const dirSize = centrals.reduce((n, c) => n + c.length, 0)
  const record = Buffer.alloc(22)
  record.writeUInt32LE(0x06054b50, 0)
  record.writeUInt16LE(end.disk ?? 0, 4)
  record.writeUInt16LE(end.dirDisk ?? 0, 6)
  record.writeUInt16LE(end.onDisk ?? end.count ?? specs.length, 8)
  record.writeUInt16LE(end.count ?? specs.length, 10)
  record.writeUInt32LE(end.dirSize ?? dirSize, 12)
  record.writeUInt32LE(end.dirOffset ?? offset, 16)
  // the comment length is not checked (a longer comment could not be declared at all)
  record.writeUInt16LE(Math.min(end.comment?.length ?? 0, 0xffff), 20)
  return Buffer.concat([
    ...locals,
    ...centrals,
    Buffer.alloc(end.gap ?? 0),
    record,
    end.comment ?? Buffer.alloc(0),
  ])
}

const a = { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') }
const b = { name: 'xl/styles.xml', data: Buffer.from('<styleSheet/>') }

const reason = (f: () => unknown): string => {
  try {
    f()
  } catch (e) {
    if (e instanceof ZipRefused) return e.reason
    throw e
  }
  return 'read'
}
const entries = (file: Buffer, max = 10) => readZipEntries(file, max)
const refused = (file: Buffer, max = 10) => reason(() => entries(file, max))

describe('readZipEntries', () => {
  it('lists each entry with where its data starts, past the local name and extra field', () => {
    expect(entries(zip([a, b]))).toEqual([
      { name: a.name, method: 0, size: 11, compressed: 11, start: 30 + 15 },
      { name: b.name, method: 0, size: 13, compressed: 13, start: 30 + 15 + 11 + 30 + 13 },
    ])
    const packed = zlib.deflateRawSync(Buffer.from('x'.repeat(100)))
    const withExtra = zip([
      { ...a, localExtra: 9, centralExtra: 5, centralComment: 7 },
      { name: b.name, data: packed, method: 8, size: 100 },
    ])
    const [first, second] = entries(withExtra)
    expect(first).toEqual({ name: a.name, method: 0, size: 11, compressed: 11, start: 30 + 15 + 9 })
    expect(withExtra.subarray(first!.start, first!.start + 11).toString()).toBe('<workbook/>')
    expect(second).toMatchObject({ name: b.name, method: 8, size: 100, compressed: packed.length })
    // names are UTF-8
    expect(entries(zip([{ name: 'xl/媒体/图.png', data: Buffer.from('p') }]))[0]!.name).toBe(
      'xl/媒体/图.png',
    )
  })

  it('finds the end record behind a zip comment, up to the longest comment a zip can have', () => {
    expect(entries(zip([a], { comment: Buffer.from('a comment') }))).toHaveLength(1)
    expect(entries(zip([a], { comment: Buffer.alloc(65_535, 0x20) }))).toHaveLength(1)
    // further from the end than that is no end record
    expect(refused(zip([a], { comment: Buffer.alloc(65_536, 0x20) }))).toBe('malformed')
  })

  it('refuses what is no zip, or is cut short', () => {
    expect(refused(Buffer.alloc(0))).toBe('malformed')
    expect(refused(Buffer.alloc(21))).toBe('malformed')
    expect(refused(Buffer.alloc(4096, 0x41))).toBe('malformed')
    const whole = zip([a, b])
    expect(refused(whole.subarray(0, whole.length - 1))).toBe('malformed')
    expect(refused(whole.subarray(0, 60))).toBe('malformed')
  })

  it('refuses ZIP64 markers as too big', () => {
    expect(refused(zip([a], { count: 0xffff }))).toBe('tooBig')
    expect(refused(zip([a], { dirSize: 0xffffffff }))).toBe('tooBig')
    expect(refused(zip([a], { dirOffset: 0xffffffff }))).toBe('tooBig')
    expect(refused(zip([{ ...a, compressed: 0xffffffff }]))).toBe('tooBig')
    expect(refused(zip([{ ...a, size: 0xffffffff }]))).toBe('tooBig')
  })

  it('refuses split archives and counts that disagree', () => {
    expect(refused(zip([a], { disk: 1 }))).toBe('malformed')
    expect(refused(zip([a], { dirDisk: 1 }))).toBe('malformed')
    expect(refused(zip([a, b], { onDisk: 1 }))).toBe('malformed')
    // the end record counts two entries, the directory holds one more or one less
    expect(refused(zip([a, b], { count: 1, onDisk: 1 }))).toBe('malformed')
    expect(refused(zip([a], { count: 2, onDisk: 2 }))).toBe('malformed')
  })

  it('takes at most maxEntries entries', () => {
    expect(entries(zip([a, b]), 2)).toHaveLength(2)
    expect(refused(zip([a, b]), 1)).toBe('tooBig')
    // the ZIP64 count marker is refused as too big whatever the cap
    expect(refused(zip([a], { count: 0xffff }), 0x10000)).toBe('tooBig')
  })

  it('refuses a directory that does not end exactly where the end record starts', () => {
    expect(refused(zip([a], { gap: 4 }))).toBe('malformed')
    // data prepended: every offset is shifted, the directory is not where the end record says
    const shifted = Buffer.concat([Buffer.alloc(7), zip([a])])
    expect(refused(shifted)).toBe('malformed')
    expect(refused(zip([a], { dirOffset: 3 }))).toBe('malformed')
    // a directory size that disagrees with the entries it holds
    const dirSize = 46 + a.name.length
    expect(refused(zip([a], { dirSize: dirSize + 1 }))).toBe('malformed')
    expect(refused(zip([a], { dirSize: dirSize - 1 }))).toBe('malformed')
  })

  it('refuses, without reading past the end, a directory entry or a local header cut short', () => {
    // a second directory entry of 20 bytes, its signature right, the end record right after it
    const tail = Buffer.alloc(20)
    tail.writeUInt32LE(0x02014b50, 0)
    expect(refused(zip([a], { count: 2, dirTail: tail }))).toBe('malformed')
    // a local header said to be in the zip comment, at the very end of the file
    const head = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0])
    const at = zip([a]).length
    expect(refused(zip([{ ...a, localOffset: at }], { comment: head }))).toBe('malformed')
  })

  it('refuses a directory entry without its signature', () => {
    const file = zip([a])
    const dir = file.readUInt32LE(file.length - 22 + 16)
    file.writeUInt32LE(0x02014b51, dir)
    expect(refused(file)).toBe('malformed')
  })

  it('refuses encrypted entries, methods other than stored and deflate, repeated and empty names', () => {
    expect(refused(zip([{ ...a, flags: 1 }]))).toBe('malformed')
    expect(entries(zip([{ ...a, flags: 0x0800 }]))).toHaveLength(1)
    expect(refused(zip([{ ...a, method: 12 }]))).toBe('malformed')
    expect(refused(zip([{ ...a, method: 9 }]))).toBe('malformed')
    expect(refused(zip([a, { ...b, name: a.name }]))).toBe('malformed')
    expect(refused(zip([{ name: '', data: Buffer.from('x') }]))).toBe('malformed')
  })

  it('refuses a local header that is missing, elsewhere, or names another file', () => {
    // points into the directory
    expect(refused(zip([a, { ...b, localOffset: 46 + 15 }]))).toBe('malformed')
    // points at data, not at a local header
    expect(refused(zip([{ ...a, localOffset: 30 + 15 }]))).toBe('malformed')
    expect(refused(zip([{ ...a, localName: 'xl/workbook.xmx' }]))).toBe('malformed')
    expect(refused(zip([{ ...a, localName: 'xl/workbook.xm' }]))).toBe('malformed')
    // one byte shorter, the data starting with the missing byte: the two names would match
    expect(
      refused(zip([{ ...a, localName: 'xl/workbook.xm', data: Buffer.from('l<workbook/>') }])),
    ).toBe('malformed')
    // the local header's signature damaged
    const file = zip([a])
    file.writeUInt32LE(0x04034b51, 0)
    expect(refused(file)).toBe('malformed')
  })

  it('refuses data said to run past the start of the directory', () => {
    expect(refused(zip([{ ...a, compressed: a.data.length + 1 }]))).toBe('malformed')
    expect(entries(zip([{ ...a, compressed: a.data.length - 1 }]))).toHaveLength(1)
  })
})

describe('unpackEntry', () => {
  const entry = (data: Buffer, e: Partial<ZipEntry>): [Buffer, ZipEntry] => [
    data,
    { name: 'x', method: 8, start: 0, compressed: data.length, size: 0, ...e },
  ]
  const unpacked = async ([file, e]: [Buffer, ZipEntry], max: number) => {
    try {
      return await unpackEntry(file, e, max)
    } catch (err) {
      if (err instanceof ZipRefused) return err.reason
      throw err
    }
  }
  const text = Buffer.from('<sheetData>'.repeat(40))
  const packed = zlib.deflateRawSync(text)

  it('returns a stored entry as it is, and a deflated one inflated', async () => {
    const file = Buffer.concat([Buffer.from('head'), text, Buffer.from('tail')])
    expect(
      await unpacked(
        entry(file, { method: 0, start: 4, compressed: text.length, size: text.length }),
        1000,
      ),
    ).toEqual(text)
    expect(await unpacked(entry(packed, { size: text.length }), 1000)).toEqual(text)
    // exactly at the cap
    expect(await unpacked(entry(packed, { size: text.length }), text.length)).toEqual(text)
    expect(await unpacked(entry(zlib.deflateRawSync(Buffer.alloc(0)), { size: 0 }), 0)).toEqual(
      Buffer.alloc(0),
    )
  })

  it('refuses an entry declared larger than the cap before reading it', async () => {
    expect(await unpacked(entry(packed, { size: text.length }), text.length - 1)).toBe('tooBig')
    expect(await unpacked(entry(text, { method: 0, size: text.length }), text.length - 1)).toBe(
      'tooBig',
    )
  })

  it('refuses an entry that unpacks to more or less than it declares (damaged)', async () => {
    expect(await unpacked(entry(packed, { size: text.length - 1 }), 10_000)).toBe('malformed')
    expect(await unpacked(entry(packed, { size: text.length + 1 }), 10_000)).toBe('malformed')
    expect(await unpacked(entry(text, { method: 0, size: text.length - 1 }), 10_000)).toBe(
      'malformed',
    )
    expect(await unpacked(entry(Buffer.from('not deflate data'), { size: 10 }), 10_000)).toBe(
      'malformed',
    )
    // damaged data is damaged also when its declared size is the whole cap
    expect(await unpacked(entry(Buffer.from([0xff, 0xff, 0xff]), { size: 100 }), 100)).toBe(
      'malformed',
    )
  })

  it('refuses as too big an entry that unpacks past the cap its declared size reaches', async () => {
    expect(await unpacked(entry(packed, { size: 100 }), 100)).toBe('tooBig')
    expect(await unpacked(entry(packed, { size: 100 }), 101)).toBe('tooBig')
    // below the cap, unpacking past the declared size is a lie (damaged), not a size
    expect(await unpacked(entry(packed, { size: 100 }), 102)).toBe('malformed')
  })
})

describe('storedZip', () => {
  it('writes entries the strict reader reads back, byte for byte, with checksums and UTF-8 names', async () => {
    const files = [
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/工作表.xml', data: Buffer.from('数据') },
      { name: 'empty', data: Buffer.alloc(0) },
    ]
    const out = storedZip(files)
    const list = readZipEntries(out, 3)
    expect(list.map((e) => [e.name, e.method, e.size])).toEqual([
      ['xl/workbook.xml', 0, 11],
      ['xl/工作表.xml', 0, 6],
      ['empty', 0, 0],
    ])
    for (const [i, e] of list.entries())
      expect(await unpackEntry(out, e, 100)).toEqual(files[i]!.data)
    // local header: version 20, UTF-8 flag, CRC-32 and both sizes
    expect(out.readUInt16LE(4)).toBe(20)
    expect(out.readUInt16LE(6)).toBe(0x0800)
    expect(out.readUInt32LE(14)).toBe(zlib.crc32(files[0]!.data))
    expect([out.readUInt32LE(18), out.readUInt32LE(22)]).toEqual([11, 11])
    // the first directory entry: versions, UTF-8 flag, CRC-32
    const dir = out.readUInt32LE(out.length - 22 + 16)
    expect([
      out.readUInt16LE(dir + 4),
      out.readUInt16LE(dir + 6),
      out.readUInt16LE(dir + 8),
    ]).toEqual([20, 20, 0x0800])
    expect(out.readUInt32LE(dir + 16)).toBe(zlib.crc32(files[0]!.data))
    expect(readZipEntries(storedZip([]), 0)).toEqual([])
  })
})
