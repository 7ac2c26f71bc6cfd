import fs from 'node:fs'
import type { CellObject, WorkSheet } from '@e965/xlsx'
import { describe, expect, it } from 'vitest'
import { gridImportMaxRows } from '#shared/contract/grid-excel'
import { AppError } from '#server/errors'
import { xlsSource } from '#server/modules/grid-excel/xls-source'

/**
 * The .xls reader of the import, tested directly (in the app it runs in the parse
 * worker): the record count `checkBiff` makes before SheetJS builds anything, refusals of files
 * that are no workbook or are encrypted, and the cells it hands over. Workbooks are written here
 * with SheetJS (BIFF8) or made of raw records in a compound file.
 */
const X = await import('@e965/xlsx')

type Read = { rowCount: number; header: [number, unknown][]; rows: [number, unknown[]][] }
async function read(file: Buffer, cols = 4): Promise<Read | string> {
  try {
    const s = await xlsSource(file)
    const rows: [number, unknown[]][] = []
    s.eachRow((n, cell) => rows.push([n, Array.from({ length: cols }, (_, i) => cell(i + 1))]))
    return { rowCount: s.rowCount, header: [...s.header], rows }
  } catch (e) {
    if (e instanceof AppError) return e.messageKey
    throw e
  }
}
const refusal = async (file: Buffer) => {
  const r = await read(file)
  return typeof r === 'string' ? r : 'read'
}

/** A compound file of the streams given. */
function ole(streams: Record<string, Buffer>): Buffer {
  const cfb = X.CFB.utils.cfb_new()
  for (const [name, data] of Object.entries(streams)) X.CFB.utils.cfb_add(cfb, name, data)
  return Buffer.from(X.CFB.write(cfb, { type: 'buffer' }) as Uint8Array)
}
/** BIFF records: [type, body or body length, how many times]. */
function records(...list: [number, Buffer | number, number?][]): Buffer {
  const out: Buffer[] = []
  for (const [type, body, times = 1] of list) {
    const data = typeof body === 'number' ? Buffer.alloc(body) : body
    const one = Buffer.alloc(4 + data.length)
    one.writeUInt16LE(type, 0)
    one.writeUInt16LE(data.length, 2)
    data.copy(one, 4)
    for (let i = 0; i < times; i++) out.push(one)
  }
  return Buffer.concat(out)
}
const book = (...list: [number, Buffer | number, number?][]) => ole({ Workbook: records(...list) })
/** A range record body: `at` bytes, then rows r1..r2 and columns c1..c2 (then `tail` bytes). */
function range(at: number, r1: number, r2: number, c1: number, c2: number, tail = 0): Buffer {
  const b = Buffer.alloc(at + 8 + tail)
  ;[r1, r2, c1, c2].forEach((v, i) => b.writeUInt16LE(v, at + 2 * i))
  return b
}
/** An .xls written by SheetJS from cells by reference, in its first sheet `S` (a second sheet `T` follows). */
function xls(cells: Record<string, CellObject>, ref: string): Buffer {
  const ws: WorkSheet = { ...cells, '!ref': ref }
  const wb = X.utils.book_new()
  X.utils.book_append_sheet(wb, ws, 'S')
  X.utils.book_append_sheet(wb, X.utils.aoa_to_sheet([['second sheet'], ['x']]), 'T')
  return Buffer.from(X.write(wb, { type: 'buffer', bookType: 'biff8' }) as Uint8Array)
}

const number = 0x0203
const label = 0x0204
const mulRk = 0x00bd
const hlink = 0x01b8
const tooltip = 0x0800
const filePass = 0x002f
const max = 400_000

describe('xlsSource: what is refused before the reader builds anything', () => {
  it('refuses an OLE file without a workbook stream, an encrypted .xlsx and damaged compound files', async () => {
    expect(await refusal(ole({ Other: Buffer.from('x') }))).toBe('importXlsUnreadable')
    expect(await refusal(ole({ EncryptedPackage: Buffer.from('x') }))).toBe('importEncrypted')
    expect(
      await refusal(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600, 7)])),
    ).toBe('importXlsUnreadable')
    expect(await refusal(Buffer.from('not a compound file at all'))).toBe('importXlsUnreadable')
  })

  it('refuses a workbook with a FILEPASS record (encrypted), also as its very last record', async () => {
    expect(await refusal(book([filePass, 0]))).toBe('importEncrypted')
    expect(await refusal(book([number, 14, 3], [filePass, 0]))).toBe('importEncrypted')
    // a BIFF5 workbook stream is named Book
    expect(await refusal(ole({ Book: records([filePass, 6]) }))).toBe('importEncrypted')
  })

  it('counts one cell for each value record: 400,000 pass, one more is refused', async () => {
    // records of no cells that pass the count leave the reader a workbook without sheets
    expect(await refusal(book([number, 0, max]))).toBe('importEmpty')
    expect(await refusal(book([number, 0, max + 1]))).toBe('importTooManyCells')
    // the message names the limit
    await expect(xlsSource(book([number, 0, max + 1]))).rejects.toMatchObject({ params: { max } })
    // each kind of value record (BIFF8 and its BIFF2-4 forms) counts
    const kinds = [
      0x0203, 0x0003, 0x0002, 0x0005, 0x0205, 0x027e, 0x00fd, 0x0204, 0x0004, 0x0006, 0x0206,
      0x0406, 0x00d6, 0x001c,
    ]
    for (const kind of kinds)
      expect(await refusal(book([kind, 0, 1], [number, 0, max])), kind.toString(16)).toBe(
        'importTooManyCells',
      )
    // other records do not
    expect(await refusal(book([0x0201, 0, 10], [0x000a, 0, 10], [number, 0, max]))).toBe(
      'importEmpty',
    )
  })

  it('counts the cells of a MULRK record by its length, six bytes a cell after six of its own', async () => {
    // 17 bytes: one cell (6 + 6, and 5 bytes that make no cell)
    expect(await refusal(book([mulRk, 17], [number, 0, max - 1]))).toBe('importEmpty')
    expect(await refusal(book([mulRk, 17], [number, 0, max]))).toBe('importTooManyCells')
    expect(await refusal(book([mulRk, 6 + 6 * 1000, 400]))).toBe('importEmpty')
    expect(await refusal(book([mulRk, 6 + 6 * 1000, 400], [label, 0]))).toBe('importTooManyCells')
    // a record too short to hold a cell never counts below nothing
    expect(await refusal(book([mulRk, 0, 10], [number, 0, max + 1]))).toBe('importTooManyCells')
    expect(await refusal(book([mulRk, 5, 10], [number, 0, max + 1]))).toBe('importTooManyCells')
  })

  it('refuses hyperlink ranges that cover more than 400,000 cells in all, counting each cell once per record', async () => {
    // 400 rows x 1,000 columns
    expect(await refusal(book([hlink, range(0, 0, 399, 0, 999, 24)]))).toBe('importEmpty')
    expect(
      await refusal(book([hlink, range(0, 0, 399, 0, 999, 24)], [hlink, range(0, 5, 5, 7, 7)])),
    ).toBe('importRangesTooLarge')
    expect(await refusal(book([hlink, range(0, 0, 400, 0, 999)]))).toBe('importRangesTooLarge')
    await expect(xlsSource(book([hlink, range(0, 0, 400, 0, 999)]))).rejects.toMatchObject({
      params: { max },
    })
    expect(await refusal(book([hlink, range(0, 0, 399, 0, 1000)]))).toBe('importRangesTooLarge')
    // corners the wrong way round cover nothing (never less than nothing)
    const upsideDown: [number, Buffer][] = [
      [hlink, range(0, 399, 0, 0, 999)],
      [hlink, range(0, 0, 399, 999, 0)],
    ]
    const full: [number, Buffer] = [hlink, range(0, 0, 399, 0, 999)]
    const one: [number, Buffer] = [hlink, range(0, 5, 5, 7, 7)]
    expect(await refusal(book(...upsideDown, full))).toBe('importEmpty')
    expect(await refusal(book(...upsideDown, full, one))).toBe('importRangesTooLarge')
    expect(await refusal(book([hlink, range(0, 399, 0, 999, 0)], full))).toBe('importEmpty')
    // a tooltip record has its range two bytes in
    expect(await refusal(book([tooltip, range(2, 0, 400, 0, 999)]))).toBe('importRangesTooLarge')
    expect(await refusal(book([tooltip, range(2, 0, 399, 0, 999)]))).toBe('importEmpty')
    // a record shorter than its range is no range
    expect(await refusal(book([hlink, range(0, 0, 400, 0, 999).subarray(0, 7)]))).toBe(
      'importEmpty',
    )
  })

  it('reads no range past the end of the stream (a record cut short)', async () => {
    // the last record's header claims 32 bytes, 4 are there
    const cut = Buffer.concat([
      records([number, 14]),
      Buffer.from([0xb8, 0x01, 32, 0, 0, 0, 0xff, 0xff]),
    ])
    expect(await refusal(ole({ Workbook: cut }))).toBe('importEmpty')
    // a header cut short ends the walk
    expect(
      await refusal(
        ole({ Workbook: Buffer.concat([records([number, 0, max]), Buffer.from([0x03, 0x02, 0])]) }),
      ),
    ).toBe('importEmpty')
  })
})

describe('xlsSource: the cells of the first worksheet', () => {
  it('reads the LibreOffice fixture: header by column, typed values, dates as UTC days, a saved formula result', async () => {
    const file = fs.readFileSync(
      new URL('../fixtures/spreadsheets/orders-libreoffice.xls', import.meta.url),
    )
    const r = (await read(file, 10)) as Read
    expect(r.rowCount).toBe(3)
    expect(r.header.map(([col, v]) => [col, (v as { value: unknown }).value])).toEqual([
      [1, '订单号'],
      [2, '客户'],
      [3, '零件'],
      [4, '数量'],
      [5, '单价'],
      [6, '开工日期'],
      [7, '毛坯锻件'],
      [8, '材料来源'],
      [9, '备注'],
    ])
    expect(r.rows.map(([n]) => n)).toEqual([2, 3, 4])
    const [first, second, third] = r.rows.map(([, cells]) => cells)
    expect(first!.slice(0, 6)).toEqual([
      { value: 'LO-XLS-001' },
      { value: '常州精锻' },
      { value: '曲轴' },
      { value: 120 },
      { value: 35.5 },
      { value: new Date(Date.UTC(2026, 2, 2)) },
    ])
    expect(second![8]).toEqual({ value: 2 })
    expect(third!.slice(3, 6)).toEqual([{ value: 0 }, { value: 0 }, {}])
    expect(first![9]).toEqual({})
  })

  it('skips empty rows, keeps a row holding only an error, and reads dates and times to the millisecond', async () => {
    const file = xls(
      {
        A1: { t: 's', v: '订单号' },
        B1: { t: 'e', v: 0x07 },
        C1: { t: 's', v: 'Quantity' },
        D1: { t: 's', v: 'Job start' },
        A2: { t: 's', v: 'A-1' },
        C2: { t: 'n', v: 3, z: '0.00' },
        B4: { t: 'e', v: 0x07 },
        A5: { t: 's', v: 'A-2' },
        B5: { t: 'b', v: false },
        C5: { t: 'n', v: 0 },
        // 2025-01-01 00:02, 1.99999... minutes in binary
        D5: { t: 'n', v: 45658.001388888886, z: 'yyyy-mm-dd hh:mm' },
        D6: { t: 'n', v: 45658, z: 'General' },
      },
      'A1:D6',
    )
    expect(await read(file)).toEqual({
      rowCount: 5,
      header: [
        [1, { value: '订单号' }],
        [3, { value: 'Quantity' }],
        [4, { value: 'Job start' }],
      ],
      rows: [
        [2, [{ value: 'A-1' }, {}, { value: 3 }, {}]],
        [4, [{}, { problem: 'importCellError' }, {}, {}]],
        [
          5,
          [
            { value: 'A-2' },
            { value: false },
            { value: 0 },
            { value: new Date('2025-01-01T00:02:00.000Z') },
          ],
        ],
        [6, [{}, {}, {}, { value: 45658 }]],
      ],
    })
  })

  it(`builds at most ${gridImportMaxRows + 1} data rows of a longer sheet and tells its whole length`, async () => {
    const cells: Record<string, CellObject> = { A1: { t: 's', v: '订单号' } }
    for (let r = 2; r <= 12_001; r++) cells[`A${r}`] = { t: 'n', v: r }
    const r = (await read(xls(cells, 'A1:A12001'), 1)) as Read
    expect(r.rowCount).toBe(12_000)
    expect(r.rows).toHaveLength(gridImportMaxRows + 1)
    expect(r.rows.at(-1)).toEqual([gridImportMaxRows + 2, [{ value: gridImportMaxRows + 2 }]])
  })

  it('reads an empty first sheet as no header and no rows', async () => {
    expect(await read(xls({}, 'A1:A1'))).toEqual({ rowCount: 0, header: [], rows: [] })
  })
})
