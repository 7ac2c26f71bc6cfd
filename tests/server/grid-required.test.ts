import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'
import { postCommon } from './helpers/system-calls.ts'

let t: TestApp
let staff = ''
beforeAll(async () => {
  t = await createTestApp()
  staff = await signIn(t.app, 'staff')
})
afterAll(() => t.close())

const notices = async (orderNo: string) =>
  (await t.db.db.selectFrom('notice').select('id').where('order_no', '=', orderNo).execute()).length
const stored = (orderNo: string) =>
  t.db.db.selectFrom('orders').select('id').where('order_no', '=', orderNo).executeTakeFirst()

describe('required grid fields', () => {
  it('refuses an order with no customer, part or quantity: field errors, nothing saved, no notice', async () => {
    const r = await postCommon(
      t,
      staff,
      'SaveOrder',
      { insertRecords: [{ OrderNo: 'REQ-1', Customer: ' ', Quantity: '' }] },
      'en',
    )
    expect(r.status).toBe(400)
    expect(r.errors).toMatchObject({
      'postData.insertRecords.0.Customer': 'This field is required',
      'postData.insertRecords.0.PartName': 'This field is required',
      'postData.insertRecords.0.Quantity': 'This field is required',
    })
    expect(await stored('REQ-1')).toBeUndefined()
    expect(await notices('REQ-1')).toBe(0)
    const zh = await postCommon(t, staff, 'SaveOrder', { insertRecords: [{ OrderNo: 'REQ-1' }] })
    expect(zh.errors?.['postData.insertRecords.0.Customer']).toBe('此项为必填项')
  })

  it('saves and notifies once the required fields are given; an update may not blank them', async () => {
    const ok = await postCommon(t, staff, 'SaveOrder', {
      insertRecords: [{ OrderNo: 'REQ-2', Customer: 'Acme', PartName: 'Flange', Quantity: 3 }],
    })
    expect(ok.status, JSON.stringify(ok)).toBe(200)
    expect(await notices('REQ-2')).toBe(1)
    const id = (await stored('REQ-2'))!.id
    const blank = await postCommon(
      t,
      staff,
      'SaveOrder',
      { updateRecords: [{ Id: id, PartName: '' }] },
      'en',
    )
    expect(blank.errors).toEqual({ 'postData.updateRecords.0.PartName': 'This field is required' })
    // an update that leaves the required fields alone is fine
    expect(
      (await postCommon(t, staff, 'SaveOrder', { updateRecords: [{ Id: id, Remark: 'rush' }] }))
        .status,
    ).toBe(200)
  })

  it('refuses a purchase without supplier and material', async () => {
    await postCommon(t, staff, 'SaveOrder', {
      insertRecords: [{ OrderNo: 'REQ-3', Customer: 'Acme', PartName: 'Flange', Quantity: 3 }],
    })
    const r = await postCommon(
      t,
      staff,
      'SavePurchase',
      { insertRecords: [{ OrderNo: 'REQ-3', Quantity: 5 }] },
      'en',
    )
    expect(r.status).toBe(400)
    expect(Object.keys(r.errors ?? {}).sort()).toEqual([
      'postData.insertRecords.0.Material',
      'postData.insertRecords.0.Supplier',
    ])
    expect(await notices('REQ-3')).toBe(1)
  })
})

const allNotices = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('notice')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const rows = async (
  table:
    | 'purchase'
    | 'outsourcing'
    | 'quality'
    | 'warehouse'
    | 'finance'
    | 'shipment'
    | 'production_report',
) =>
  Number(
    (
      await t.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('required fields of the records tied to an order', () => {
  const cases = [
    ['SavePurchase', 'purchase', ['Material', 'Supplier']],
    ['SaveOutsourcing', 'outsourcing', ['Process', 'Supplier']],
    ['SaveQuality', 'quality', ['Item']],
    ['SaveWarehouse', 'warehouse', ['Material']],
    ['SaveFinance', 'finance', ['Counterparty']],
    ['SaveShipment', 'shipment', ['Carrier']],
  ] as const
  it.each(cases)(
    '%s refuses a %s record with its required fields blank: field errors, nothing saved, no notice',
    async (postUrl, table, fields) => {
      await postCommon(t, staff, 'SaveOrder', {
        insertRecords: [
          { OrderNo: `REQ-${table}`, Customer: 'Acme', PartName: 'Flange', Quantity: 3 },
        ],
      })
      const [before, noticesBefore] = [await rows(table), await allNotices()]
      const blank = Object.fromEntries(fields.map((f) => [f, ' ']))
      const r = await postCommon(
        t,
        staff,
        postUrl,
        { insertRecords: [{ OrderNo: `REQ-${table}`, Quantity: 1, ...blank }] },
        'en',
      )
      expect(r.status).toBe(400)
      expect(r.errors).toEqual(
        Object.fromEntries(
          fields.map((f) => [`postData.insertRecords.0.${f}`, 'This field is required']),
        ),
      )
      expect(await rows(table)).toBe(before)
      expect(await allNotices()).toBe(noticesBefore)
      // given, the same record is stored
      const filled = Object.fromEntries(fields.map((f) => [f, `${f} given`]))
      const ok = await postCommon(t, staff, postUrl, {
        insertRecords: [{ OrderNo: `REQ-${table}`, Quantity: 1, ...filled }],
      })
      expect(ok.status, JSON.stringify(ok)).toBe(200)
      expect(await rows(table)).toBe(before + 1)
    },
  )

  it('SaveProductionReport refuses a report without date or workshop', async () => {
    const before = await rows('production_report')
    const r = await postCommon(
      t,
      staff,
      'SaveProductionReport',
      {
        insertRecords: [
          { ReportDateString: '', Workshop: '', Process: 'Turning', OutputQuantity: 5 },
        ],
      },
      'en',
    )
    expect(r.status).toBe(400)
    expect(Object.keys(r.errors ?? {}).sort()).toEqual([
      'postData.insertRecords.0.ReportDateString',
      'postData.insertRecords.0.Workshop',
    ])
    expect(await rows('production_report')).toBe(before)
  })
})

describe('Excel import of orders without their required fields', () => {
  it('refuses the rows without customer or part: stored nothing, sent no notice', async () => {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('Sheet1')
    ws.addRow(['OrderNo', 'Customer', 'PartName', 'Quantity'])
    ws.addRow(['REQ-X1', 'Acme', 'Flange', 2])
    ws.addRow(['REQ-X2', '', 'Flange', 2])
    ws.addRow(['REQ-X3', 'Acme', '', 2])
    const file = Buffer.from(await wb.xlsx.writeBuffer())
    const boundary = '----forgeline-required'
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="orders.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const noticesBefore = await allNotices()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Order/Upload',
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${staff}`,
        lang: 'en',
      },
    })
    expect(res.statusCode).toBe(400)
    const body = res.json() as {
      data: { insertRows: number; rejectedRows: { row: number; field: string; reason: string }[] }
    }
    expect(body.data.insertRows).toBe(0)
    expect(body.data.rejectedRows.map((r) => [r.row, r.field, r.reason])).toEqual([
      [3, 'Customer', 'This field is required'],
      [4, 'PartName', 'This field is required'],
    ])
    for (const no of ['REQ-X1', 'REQ-X2', 'REQ-X3']) expect(await stored(no)).toBeUndefined()
    expect(await allNotices()).toBe(noticesBefore)
  })
})
