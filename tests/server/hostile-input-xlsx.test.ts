import zlib from 'node:zlib'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  token = await signIn(t.app, 'admin')
})
afterAll(() => t.close())

type Entry = { name: string; data: Buffer; method?: 0 | 8; declared?: number }

/** 300 MB of zeros, deflated in 1 MB steps (the test process never holds them whole). */
const zeros300 = await new Promise<Buffer>((resolve) => {
  const mbZeros = Buffer.alloc(1024 * 1024)
  const d = zlib.createDeflateRaw({ level: 9 })
  const out: Buffer[] = []
  d.on('data', (c: Buffer) => out.push(c))
  d.on('end', () => resolve(Buffer.concat(out)))
  for (let i = 0; i < 300; i++) d.write(mbZeros)
  d.end()
})

/** A zip of raw entries (data already compressed when method 8), offsets relative to its start. */
function zip(entries: Entry[], { shift = 0 } = {}): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const name = Buffer.from(e.name)
    const method = e.method ?? 0
    const size = e.declared ?? e.data.length
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(method, 8)
    local.writeUInt32LE(e.data.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(method, 10)
    central.writeUInt32LE(e.data.length, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset + shift, 42)
    locals.push(local, name, e.data)
    centrals.push(central, name)
    offset += 30 + name.length + e.data.length
  }
  const dirSize = centrals.reduce((n, c) => n + c.length, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(dirSize, 12)
  end.writeUInt32LE(offset + shift, 16)
  return Buffer.concat([...locals, ...centrals, end])
}

async function upload(file: Buffer) {
  const boundary = '----xlsx-hostile'
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Order/Upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}`, lang: 'en' },
  })
  return { status: res.statusCode, msg: (res.json() as { msg: string }).msg }
}

const workbookXml = Buffer.from('<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>')

/**
 * The prepended-data trick: a reader taking the end record's offsets literally finds, at the
 * directory offset, a directory of a small harmless workbook at the start of the file; exceljs'
 * zip reader sees the end record past where that directory should end, shifts every offset by
 * the difference, and finds the 300 MB bomb.
 */
function prependedBomb(): Buffer {
  const bomb = zip([{ name: 'xl/workbook.xml', data: zeros300, method: 8, declared: 300 * 1024 * 1024 }])
  const harmless = zip([{ name: 'xl/workbook.xml', data: workbookXml }])
  // the harmless archive's local entry and directory entry, its directory moved to the bomb's offset
  const localLength = 30 + 'xl/workbook.xml'.length + workbookXml.length
  const harmlessCentral = harmless.subarray(localLength, harmless.length - 22)
  const bombDirOffset = bomb.readUInt32LE(bomb.length - 22 + 16)
  const prefix = Buffer.alloc(bombDirOffset + harmlessCentral.length + 16)
  harmless.copy(prefix, 0, 0, localLength)
  harmlessCentral.copy(prefix, bombDirOffset)
  return Buffer.concat([prefix, bomb])
}

describe('crafted .xlsx archives (defect 4)', () => {
  it('refuses each with a message and without unpacking what it hides', async () => {
    const cases: [string, Buffer, RegExp][] = [
      ['prepended data', prependedBomb(), /damaged|more than 64 MB/],
      ['honest 300 MB', zip([{ name: 'xl/workbook.xml', data: zeros300, method: 8, declared: 300 * 1024 * 1024 }]), /more than 64 MB/],
      ['lying size', zip([{ name: 'xl/workbook.xml', data: zeros300, method: 8, declared: 1024 }]), /damaged/],
      ['lying sizes over many entries', zip(Array.from({ length: 200 }, (_, i) => ({ name: i ? `xl/x${i}.xml` : 'xl/workbook.xml', data: zeros300.subarray(0, 20_000), method: 8 as const, declared: 10 }))), /damaged/],
      ['too many entries', zip(Array.from({ length: 2500 }, (_, i) => ({ name: i ? `xl/e${i}.xml` : 'xl/workbook.xml', data: Buffer.from('x') }))), /more than 64 MB|split/],
      ['duplicate names', zip([{ name: 'xl/workbook.xml', data: workbookXml }, { name: 'xl/workbook.xml', data: zeros300, method: 8, declared: 300 * 1024 * 1024 }]), /damaged|more than 64 MB/],
      // two small entries of one name (Excel shows one, a reader may take the other): refused for
      // the name itself, not for a size (issue 37)
      ['duplicate small names', zip([{ name: 'xl/workbook.xml', data: workbookXml }, { name: 'xl/workbook.xml', data: workbookXml }]), /damaged/],
      ['offsets shifted', zip([{ name: 'xl/workbook.xml', data: workbookXml }], { shift: 7 }), /damaged/],
      ['cut short', zip([{ name: 'xl/workbook.xml', data: workbookXml }]).subarray(0, 60), /damaged/],
    ]
    const rssBefore = process.memoryUsage().rss
    let peak = rssBefore
    for (const [label, file, message] of cases) {
      const r = await upload(file)
      peak = Math.max(peak, process.memoryUsage().rss)
      expect(r.status, label).toBe(400)
      expect(r.msg, label).toMatch(message)
    }
    // the 300 MB these files unpack to is never allocated (a generous bound: 150 MB)
    expect((peak - rssBefore) / 1024 / 1024).toBeLessThan(150)
  })

  it('still imports a real workbook, also one with many cells refused by count', async () => {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('Sheet1')
    ws.addRow(['订单号', '客户', 'Part', 'Quantity'])
    ws.addRow(['HOSTILE-1', '客户', '零件', 3])
    const ok = await upload(Buffer.from(await wb.xlsx.writeBuffer()))
    expect(ok.status).toBe(200)

    // 10 rows x 50,000 columns of tiny cells: small once zipped, a huge model once parsed
    const row = (r: number) => `<row r="${r}">${'<c t="n"><v>1</v></c>'.repeat(50_000)}</row>`
    const sheet = Buffer.from(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${Array.from({ length: 10 }, (_, i) => row(i + 1)).join('')}</sheetData></worksheet>`)
    const many = zip([
      { name: 'xl/workbook.xml', data: workbookXml },
      { name: 'xl/worksheets/sheet1.xml', data: zlib.deflateRawSync(sheet), method: 8, declared: sheet.length },
    ])
    const r = await upload(many)
    expect(r.status).toBe(400)
    expect(r.msg).toMatch(/more than 400000 cells/)
  })
})
