import ExcelJS from 'exceljs'
import type { Kysely } from 'kysely'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, migrations } from '#server/db/migrate'
import { openPostgres, openSqlite, type Db } from '#server/db/open'
import { createPgDatabase, createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * The customer's area of an order (SPEC §3 region item): province, city and district
 * codes checked against the division data on every save and import, shown by name in the
 * spreadsheets; migration 0014 adds it with '' for the orders before it.
 */
let t: TestApp
let token = ''
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
type Row = Record<string, unknown>
type Plan = {
  insertRows: number
  updateRows: number
  unchangedRows: number
  rejectedRows: { row: number; field: string; column: string; reason: string }[]
}

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  token = await signIn(t.app, 'admin')
})
afterAll(() => t.close())

async function call(url: string, payload: unknown, lang = 'en') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    payload: payload as Row,
    headers: { authorization: `Bearer ${token}`, lang },
  })
  const json = () =>
    res.json() as { code: number; msg: string; data: unknown; errors?: Record<string, string> }
  return {
    status: res.statusCode,
    get body() {
      return json()
    },
    raw: res.rawPayload,
  }
}
async function upload(data: Buffer, query = '', lang = 'en') {
  const boundary = `----forgeline-area-${Date.now()}`
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.xlsx"\r\nContent-Type: ${xlsxType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/Order/Upload${query}`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
      lang,
    },
  })
  return { status: res.statusCode, body: res.json() as { code: number; data: Plan | null } }
}
const save = (postData: Row, lang = 'en') =>
  call('PostData/PostCommon', { postUrl: 'SaveOrder', postData }, lang)
const orders = async () =>
  (
    (await call('Order/GetList', { pageSize: 1000, sort: 'OrderNo' })).body.data as {
      result: Row[]
    }
  ).result
const areaOf = async (orderNo: string) =>
  (await orders()).find((o) => o.OrderNo === orderNo)?.CustomerArea

async function workbook(header: ExcelJS.CellValue[], rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Sheet1')
  ws.addRow(header)
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}
async function sheetOf(file: Buffer) {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(file as unknown as ArrayBuffer)
  const rows: ExcelJS.CellValue[][] = []
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)))
  return rows
}

describe('customer area of an order', () => {
  it('saves province, city and district codes, and a city without districts; empty clears it', async () => {
    expect(
      (
        await save({
          insertRecords: [
            {
              OrderNo: 'AREA-1',
              Customer: '比亚迪',
              CustomerArea: '440000,440300,440305',
              PartName: 'p',
              Quantity: 1,
            },
          ],
        })
      ).status,
    ).toBe(200)
    expect(await areaOf('AREA-1')).toBe('440000,440300,440305')
    // 东莞市 has no districts: province and city make a whole area
    expect(
      (
        await save({
          insertRecords: [
            {
              OrderNo: 'AREA-2',
              CustomerArea: '440000,441900',
              Customer: 'c',
              PartName: 'p',
              Quantity: 1,
            },
          ],
        })
      ).status,
    ).toBe(200)
    expect(await areaOf('AREA-2')).toBe('440000,441900')
    // an order without one has ''
    expect(
      (
        await save({
          insertRecords: [{ OrderNo: 'AREA-3', Customer: 'c', PartName: 'p', Quantity: 1 }],
        })
      ).status,
    ).toBe(200)
    expect(await areaOf('AREA-3')).toBe('')
    const id = (await orders()).find((o) => o.OrderNo === 'AREA-2')!.Id
    expect((await save({ updateRecords: [{ Id: id, CustomerArea: '' }] })).status).toBe(200)
    expect(await areaOf('AREA-2')).toBe('')
  })

  it('refuses unknown or malformed codes with a clear message in zh and en, and saves nothing', async () => {
    const before = await orders()
    for (const area of [
      '440000,440300,449999',
      '990000,990100,990101',
      '440000,110100,110101',
      '440000,440300',
      '12345',
      'somewhere',
    ]) {
      const en = await save({
        insertRecords: [
          { OrderNo: 'AREA-BAD', CustomerArea: area, Customer: 'c', PartName: 'p', Quantity: 1 },
        ],
      })
      expect(en.status, area).toBe(400)
      expect(JSON.stringify(en.body), area).toContain('Unknown area')
      const zh = await save(
        {
          insertRecords: [
            { OrderNo: 'AREA-BAD', CustomerArea: area, Customer: 'c', PartName: 'p', Quantity: 1 },
          ],
        },
        'zh',
      )
      expect(JSON.stringify(zh.body), area).toContain('地区不存在')
    }
    // nor on an update, together with a valid change in the same save
    const one = before.find((o) => o.OrderNo === 'AREA-1')!
    const r = await save({
      updateRecords: [{ Id: one.Id, Customer: 'changed', CustomerArea: '440000,440300,449999' }],
    })
    expect(r.status).toBe(400)
    expect(await orders()).toEqual(before)
  })

  it('exports the area by name; the unmodified export re-imported changes nothing; names and codes import, unknown ones are refused', async () => {
    const exported = await call('Order/Export', { keyword: 'AREA-', sort: 'OrderNo' }, 'zh')
    expect(exported.status).toBe(200)
    const sheet = await sheetOf(exported.raw)
    const col = sheet[0]!.indexOf('客户地区')
    expect(col).toBeGreaterThan(-1)
    expect(sheet.slice(1).map((r) => [r[0], r[col] ?? null])).toEqual([
      ['AREA-1', '广东省/深圳市/南山区'],
      ['AREA-2', null],
      ['AREA-3', null],
    ])
    const before = await orders()
    const preview = await upload(exported.raw, '?mode=preview')
    expect(preview.body.data).toMatchObject({
      insertRows: 0,
      updateRows: 0,
      unchangedRows: 3,
      rejectedRows: [],
    })
    const applied = await upload(exported.raw)
    expect(applied.body.data).toMatchObject({ insertRows: 0, updateRows: 0, rejectedRows: [] })
    expect(await orders()).toEqual(before)

    const good = [
      ['AREA-4', '江苏省 常州市 武进区', 'c', 'p', 1],
      ['AREA-5', '320000,320400,320412', 'c', 'p', 1],
    ]
    // one unknown district: the row is refused with the reason, and nothing is imported
    const bad = await upload(
      await workbook(
        ['OrderNo', 'CustomerArea', 'Customer', 'PartName', 'Quantity'],
        [...good, ['AREA-6', '江苏省/常州市/火星区', 'c', 'p', 1]],
      ),
      '',
      'zh',
    )
    expect(bad.status).toBe(400)
    expect(bad.body.data).toMatchObject({
      insertRows: 0,
      rejectedRows: [{ row: 4, field: 'CustomerArea', column: '客户地区', reason: '地区不存在' }],
    })
    expect(await orders()).toEqual(before)
    const r = await upload(
      await workbook(['OrderNo', 'CustomerArea', 'Customer', 'PartName', 'Quantity'], good),
      '',
      'zh',
    )
    expect(r.body.data).toMatchObject({ insertRows: 2, rejectedRows: [] })
    expect(await areaOf('AREA-4')).toBe('320000,320400,320412')
    expect(await areaOf('AREA-5')).toBe('320000,320400,320412')
    expect(await areaOf('AREA-6')).toBeUndefined()
  })
})

describe('migration 0015-order-customer-area', () => {
  let db: Db | undefined
  let drop: (() => Promise<void>) | undefined
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-area-'))
  afterAll(async () => {
    await db?.close()
    await drop?.()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('gives the orders stored before it an empty area', async () => {
    const pgBase = process.env.TEST_DATABASE_URL
    if (pgBase) {
      const pg = await createPgDatabase(pgBase)
      drop = pg.drop
      db = await openPostgres(pg.url)
    } else db = await openSqlite(dir)
    const all = migrations(db.dialect)
    const earlier = Object.fromEntries(Object.entries(all).filter(([name]) => name < '0014'))
    await migrateToLatest(db.db, db.dialect, earlier)
    const now = new Date().toISOString()
    const base = {
      customer: 'c',
      part_name: 'p',
      quantity: 1,
      unit_price: 1,
      total_sum: 1,
      price_sign: '¥',
      job_start_time: now,
      rough_forging: 0,
      workshop: 1,
      supervisor_material_qty: 0,
      supervisor_price: 0,
      audit_status: 0,
      created_at: now,
    }
    await (db.db as unknown as Kysely<Record<string, Row>>)
      .insertInto('orders')
      .values({ ...base, order_no: 'OLD-1' })
      .execute()
    await migrateToLatest(db.db, db.dialect, all)
    const rows = await db.db.selectFrom('orders').select(['order_no', 'customer_area']).execute()
    expect(rows).toEqual([{ order_no: 'OLD-1', customer_area: '' }])
  })
})
