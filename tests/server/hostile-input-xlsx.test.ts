import zlib from 'node:zlib'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fs from 'node:fs'
import {
  hlinkRecord,
  manyCells,
  mergeBomb,
  sheetRows,
  workbook,
  xlsWithRecords,
} from './helpers/hostile-workbooks.ts'
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

type Answer = { status: number; msg: string; data: { insertRows: number; applied: boolean } | null }
async function upload(
  file: Buffer,
  { app = t, bearer = token, query = '', name = 'rows.xlsx' } = {},
): Promise<Answer> {
  const boundary = '----xlsx-hostile'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const res = await app.app.inject({
    method: 'POST',
    url: `/api/Order/Upload${query}`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${bearer}`,
      lang: 'en',
    },
  })
  const body = res.json() as { msg: string; data: Answer['data'] }
  return { status: res.statusCode, msg: body.msg, data: body.data }
}

const workbookXml = Buffer.from(
  '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>',
)

/**
 * The prepended-data trick: a reader taking the end record's offsets literally finds, at the
 * directory offset, a directory of a small harmless workbook at the start of the file; exceljs'
 * zip reader sees the end record past where that directory should end, shifts every offset by
 * the difference, and finds the 300 MB bomb.
 */
function prependedBomb(): Buffer {
  const bomb = zip([
    { name: 'xl/workbook.xml', data: zeros300, method: 8, declared: 300 * 1024 * 1024 },
  ])
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
      [
        'honest 300 MB',
        zip([{ name: 'xl/workbook.xml', data: zeros300, method: 8, declared: 300 * 1024 * 1024 }]),
        /more than 64 MB/,
      ],
      [
        'lying size',
        zip([{ name: 'xl/workbook.xml', data: zeros300, method: 8, declared: 1024 }]),
        /damaged/,
      ],
      [
        'lying sizes over many entries',
        zip(
          Array.from({ length: 200 }, (_, i) => ({
            name: i ? `xl/x${i}.xml` : 'xl/workbook.xml',
            data: zeros300.subarray(0, 20_000),
            method: 8 as const,
            declared: 10,
          })),
        ),
        /damaged/,
      ],
      [
        'too many entries',
        zip(
          Array.from({ length: 2500 }, (_, i) => ({
            name: i ? `xl/e${i}.xml` : 'xl/workbook.xml',
            data: Buffer.from('x'),
          })),
        ),
        /more than 64 MB|split/,
      ],
      [
        'duplicate names',
        zip([
          { name: 'xl/workbook.xml', data: workbookXml },
          { name: 'xl/workbook.xml', data: zeros300, method: 8, declared: 300 * 1024 * 1024 },
        ]),
        /damaged|more than 64 MB/,
      ],
      // two small entries of one name (Excel shows one, a reader may take the other): refused for
      // the name itself, not for a size
      [
        'duplicate small names',
        zip([
          { name: 'xl/workbook.xml', data: workbookXml },
          { name: 'xl/workbook.xml', data: workbookXml },
        ]),
        /damaged/,
      ],
      [
        'offsets shifted',
        zip([{ name: 'xl/workbook.xml', data: workbookXml }], { shift: 7 }),
        /damaged/,
      ],
      [
        'cut short',
        zip([{ name: 'xl/workbook.xml', data: workbookXml }]).subarray(0, 60),
        /damaged/,
      ],
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
    const sheet = Buffer.from(
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${Array.from({ length: 10 }, (_, i) => row(i + 1)).join('')}</sheetData></worksheet>`,
    )
    const many = zip([
      { name: 'xl/workbook.xml', data: workbookXml },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: zlib.deflateRawSync(sheet),
        method: 8,
        declared: sheet.length,
      },
    ])
    const r = await upload(many)
    expect(r.status).toBe(400)
    expect(r.msg).toMatch(/more than 400000 cells/)
  })
})

const healthz = (app: TestApp) =>
  app.app.inject({ method: 'GET', url: '/healthz' }).then((r) => r.statusCode)
const rows = sheetRows([['RANGE-1', 'Acme', 'Flange', 3]])
const everyCell = 'A1:XFD1048576'

describe('workbooks whose ranges expand to millions of cells', () => {
  it('refuses the merge bomb (one merge over 26 x 1,048,576 cells in a 2 KB file) before parsing, the server answering all along', async () => {
    const file = mergeBomb()
    expect(file.length).toBeLessThan(8 * 1024)
    const rssBefore = process.memoryUsage().rss
    const [r, health] = await Promise.all([upload(file, { query: '?mode=preview' }), healthz(t)])
    expect(r.status).toBe(400)
    expect(r.msg).toBe(
      'The merged cells or hyperlink ranges of the file cover more than 400000 cells: unmerge them (or copy the values to a new sheet) and import again',
    )
    expect(health).toBe(200)
    expect(await healthz(t)).toBe(200)
    // the 27 million cells are never built (a generous bound: 150 MB)
    expect((process.memoryUsage().rss - rssBefore) / 1024 / 1024).toBeLessThan(150)
    // a copy of the worksheet under a name the spreadsheet library also takes for sheet 1
    const copy = workbook({
      rows,
      extra: [
        {
          name: 'x/xl/worksheets/sheet1.xml',
          data: Buffer.from(
            `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData><mergeCells count="1"><mergeCell ref="A1:Z1048576"/></mergeCells></worksheet>`,
          ),
        },
      ],
    })
    expect((await upload(copy, { query: '?mode=preview' })).msg).toMatch(
      /merged cells or hyperlink ranges of the file cover more than 400000 cells/,
    )
  })

  it('reads the rows of workbooks with validation, format, column, hyperlink and name ranges over every cell, leaving those ranges out', async () => {
    const cases: [string, Buffer][] = [
      [
        'data validation',
        workbook({
          rows,
          sheetAfter: `<dataValidations count="1"><dataValidation type="whole" sqref="${everyCell}"><formula1>1</formula1></dataValidation></dataValidations>`,
        }),
      ],
      [
        'conditional format',
        workbook({
          rows,
          sheetAfter: `<conditionalFormatting sqref="${everyCell}"><cfRule type="cellIs" dxfId="0" priority="1" operator="greaterThan"><formula>0</formula></cfRule></conditionalFormatting>`,
        }),
      ],
      [
        'column range',
        workbook({
          rows,
          sheetBefore:
            '<dimension ref="A1:XFD1048576"/><cols><col min="1" max="100000000" width="9" customWidth="1"/></cols>',
        }),
      ],
      [
        'hyperlink range',
        workbook({
          rows,
          sheetAfter: `<hyperlinks><hyperlink ref="${everyCell}" display="x"/></hyperlinks>`,
        }),
      ],
      [
        'defined name',
        workbook({
          rows,
          workbookAfter:
            '<definedNames><definedName name="big">Sheet1!$A$1:$XFD$1048576</definedName></definedNames>',
        }),
      ],
      [
        'print area',
        workbook({
          rows,
          workbookAfter:
            '<definedNames><definedName name="_xlnm.Print_Area" localSheetId="0">Sheet1!$A$1:$XFD$1048576</definedName></definedNames>',
        }),
      ],
    ]
    for (const [label, file] of cases) {
      const [r, health] = await Promise.all([upload(file, { query: '?mode=preview' }), healthz(t)])
      expect(r.status, `${label}: ${r.msg}`).toBe(200)
      expect(r.data?.insertRows, label).toBe(1)
      expect(health, label).toBe(200)
    }
  })

  it('keeps small merges: a customer merged over two rows fills both', async () => {
    const file = workbook({
      rows: sheetRows([
        ['MERGED-1', 'Merged Co', 'Flange', 1],
        ['MERGED-2', null, 'Flange', 2],
      ]),
      sheetAfter: '<mergeCells count="1"><mergeCell ref="B2:B3"/></mergeCells>',
    })
    const r = await upload(file)
    expect(r.status, r.msg).toBe(200)
    const stored = await t.db.db
      .selectFrom('orders')
      .select(['order_no', 'customer'])
      .where('order_no', 'like', 'MERGED-%')
      .orderBy('order_no')
      .execute()
    expect(stored).toEqual([
      { order_no: 'MERGED-1', customer: 'Merged Co' },
      { order_no: 'MERGED-2', customer: 'Merged Co' },
    ])
  })

  it(
    'refuses an .xls whose hyperlink ranges cover every cell before the reader walks them',
    { timeout: 60_000 },
    async () => {
      const xls = fs.readFileSync(
        new URL('../fixtures/spreadsheets/orders-libreoffice.xls', import.meta.url),
      )
      const file = await xlsWithRecords(
        xls,
        Array.from({ length: 10 }, () => hlinkRecord(0, 65535, 0, 65535)),
      )
      const [r, health] = await Promise.all([
        upload(file, { query: '?mode=preview', name: 'rows.xls' }),
        healthz(t),
      ])
      expect(r.status).toBe(400)
      expect(r.msg).toMatch(
        /merged cells or hyperlink ranges of the file cover more than 400000 cells/,
      )
      expect(health).toBe(200)
      // a link over a few cells is read as before
      const fine = await xlsWithRecords(xls, [hlinkRecord(1, 3, 0, 1)])
      expect((await upload(fine, { query: '?mode=preview', name: 'rows.xls' })).status).toBe(200)
    },
  )
})

describe('limits of the parse worker', () => {
  it('stops a parse over its time limit with a clear message; the server keeps answering and imports again', async () => {
    const slow = await createTestApp({ SEED_DEMO: 'false', IMPORT_PARSE_TIMEOUT_MS: '1' })
    try {
      const r = await upload(workbook({ rows }), {
        app: slow,
        bearer: await signIn(slow.app, 'admin'),
        query: '?mode=preview',
      })
      expect(r.status).toBe(400)
      expect(r.msg).toBe(
        'Reading the file took more than 1 s and was stopped: split it, or save it as a new .xlsx in Excel, and import again',
      )
      expect(await healthz(slow)).toBe(200)
    } finally {
      await slow.close()
    }
    expect((await upload(workbook({ rows }), { query: '?mode=preview' })).status).toBe(200)
  })

  it(
    'ends a parse over its heap limit in its worker only, with a clear message',
    { timeout: 60_000 },
    async () => {
      const small = await createTestApp({ SEED_DEMO: 'false', IMPORT_PARSE_HEAP_MB: '48' })
      try {
        // 9,000 rows of 40 cells: within the cell budget, about 130 MB of heap once parsed
        const r = await upload(manyCells(9000, 40), {
          app: small,
          bearer: await signIn(small.app, 'admin'),
          query: '?mode=preview',
        })
        expect(r.status).toBe(400)
        expect(r.msg).toBe(
          'Reading the file needs more memory than the server allows and was stopped: split it, or save it as a new .xlsx in Excel, and import again',
        )
        expect(await healthz(small)).toBe(200)
      } finally {
        await small.close()
      }
    },
  )
})
