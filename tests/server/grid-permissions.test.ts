import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buttonsFor } from '#server/modules/orders/save-operation'
import { gridPermissions } from '#shared/grid-permissions'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'
import { postCommon } from './helpers/system-calls.ts'

describe('gridPermissions (SPEC §6, one reading for client and server)', () => {
  it('hides on false or 0, shows what is not named, and a later string wins', () => {
    const p = gridPermissions([
      'column-UnitPrice-show-false',
      'column-Customer-show-0',
      'column-Remark-show-false',
      'column-Remark-show-true',
      'button-delete-show-FALSE',
      'button-add-width-false',
      'not-a-permission',
      'READ',
    ])
    expect(p.columnShown('UnitPrice')).toBe(false)
    expect(p.columnShown('Customer')).toBe(false)
    expect(p.columnShown('Remark')).toBe(true)
    expect(p.columnShown('Quantity')).toBe(true)
    expect(p.columnShown('constructor')).toBe(true)
    expect(p.buttonShown('delete')).toBe(false)
    expect(p.buttonShown('add')).toBe(true)
    expect(p.hiddenColumns).toEqual(['Customer', 'TotalSum', 'UnitPrice'])
  })

  it('asks a save for the buttons it uses: save for any record, add and delete for new and removed ones', () => {
    const records = (insert: number, update: number, remove: number) => ({
      insertRecords: Array.from({ length: insert }, () => ({})),
      updateRecords: Array.from({ length: update }, () => ({ Id: 1 })),
      removeRecords: Array.from({ length: remove }, () => ({ Id: 1 })),
    })
    expect(buttonsFor(records(0, 0, 0))).toEqual([])
    expect(buttonsFor(records(0, 1, 0))).toEqual(['save'])
    expect(buttonsFor(records(0, 0, 1))).toEqual(['save', 'delete'])
    expect(buttonsFor(records(2, 0, 0))).toEqual(['save', 'add'])
    expect(buttonsFor(records(1, 1, 1))).toEqual(['save', 'add', 'delete'])
  })
})

let t: TestApp
const tokens: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp()
  for (const u of ['admin', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

const call = async (who: string, url: string, payload: unknown) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    payload: payload as Record<string, unknown>,
    headers: { authorization: `Bearer ${tokens[who]}`, lang: 'en' },
  })
  return {
    status: res.statusCode,
    raw: res.rawPayload,
    json: () => res.json() as { code: number; data: unknown },
  }
}
type Row = Record<string, unknown>
const rows = async (who: string, body: Row = {}) =>
  (await call(who, 'Order/GetList', { pageSize: 1000, ...body })).json().data as {
    result: Row[]
    total: number
  }
const setStaff = (Permissions: string[], Abilities = ['READ', 'ORDERS', 'AUDIT']) =>
  postCommon(t, tokens.admin!, 'SaveRole', {
    updateRecords: [{ Code: 'staff', Abilities, Permissions }],
  })

describe('grid permission strings enforced by the server', () => {
  let orderId = 0
  beforeAll(async () => {
    const made = await call('admin', 'PostData/PostCommon', {
      postUrl: 'SaveOrder',
      postData: {
        insertRecords: [
          {
            OrderNo: 'GP-0001',
            Customer: 'Zebracorp Hidden',
            PartName: 'Flange',
            Quantity: 10,
            UnitPrice: 2.5,
          },
        ],
      },
    })
    expect(made.json().code).toBe(200)
    orderId = Number(
      (
        await t.db.db
          .selectFrom('orders')
          .select('id')
          .where('order_no', '=', 'GP-0001')
          .executeTakeFirstOrThrow()
      ).id,
    )
    expect((await setStaff([])).code).toBe(200)
  })

  it('leaves hidden columns out of GetList and Get, and does not search or sort by them', async () => {
    expect((await rows('staff', { keyword: 'Zebracorp' })).result[0]).toHaveProperty(
      'UnitPrice',
      2.5,
    )
    expect(
      (await setStaff(['column-UnitPrice-show-false', 'column-Customer-show-false'])).code,
    ).toBe(200)

    const page = await rows('staff')
    expect(page.result.length).toBeGreaterThan(0)
    for (const r of page.result) {
      expect(r).not.toHaveProperty('UnitPrice')
      expect(r).not.toHaveProperty('Customer')
      expect(r).toHaveProperty('Id')
      expect(r).toHaveProperty('Quantity')
    }
    const one = (await call('staff', 'Order/Get', { id: orderId })).json().data as Row
    expect(one).not.toHaveProperty('UnitPrice')
    expect(one).toMatchObject({ Id: orderId, OrderNo: 'GP-0001', PartName: 'Flange' })
    // the administrator still sees everything
    expect((await call('admin', 'Order/Get', { id: orderId })).json().data).toMatchObject({
      UnitPrice: 2.5,
      Customer: 'Zebracorp Hidden',
    })

    expect((await rows('staff', { keyword: 'Zebracorp' })).total).toBe(0)
    expect((await rows('admin', { keyword: 'Zebracorp' })).total).toBe(1)
    expect((await rows('staff', { keyword: 'Flange' })).total).toBeGreaterThan(0)
    expect((await call('staff', 'Order/GetList', { sort: 'UnitPrice desc' })).status).toBe(400)
    expect((await call('staff', 'Order/GetList', { sort: 'Quantity desc' })).status).toBe(200)
  })

  it('ignores writes to hidden columns', async () => {
    const r = await call('staff', 'PostData/PostCommon', {
      postUrl: 'SaveOrder',
      postData: { updateRecords: [{ Id: orderId, UnitPrice: 99, Quantity: 11 }] },
    })
    expect(r.json().code).toBe(200)
    const stored = await t.db.db
      .selectFrom('orders')
      .select(['unit_price', 'quantity'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(stored).toMatchObject({ unit_price: 2.5, quantity: 11 })
  })

  it('exports without hidden columns', async () => {
    const res = await call('staff', 'Order/Export', { keyword: 'GP-0001' })
    expect(res.status).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.raw as unknown as ArrayBuffer)
    const header = (wb.worksheets[0]!.getRow(1).values as unknown[]).filter(Boolean).map(String)
    expect(header).toContain('Quantity')
    expect(header).not.toContain('Unit price')
    expect(header).not.toContain('Customer')
  })

  it('answers 403 to the calls of hidden buttons and changes nothing', async () => {
    expect(
      (
        await setStaff([
          'button-delete-show-false',
          'button-add-show-false',
          'button-audit-show-false',
          'button-export-show-false',
          'button-import-show-false',
        ])
      ).code,
    ).toBe(200)
    const post = (postUrl: string, postData: unknown) =>
      call('staff', 'PostData/PostCommon', { postUrl, postData })
    const refusedDelete = await post('SaveOrder', { removeRecords: [{ Id: orderId }] })
    expect(refusedDelete.status).toBe(403)
    // the refusal says what was refused, in the caller's language
    expect((refusedDelete.json() as { msg?: string }).msg).toBe(
      'Your role may not delete records here',
    )
    expect(
      await t.db.db.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst(),
    ).toBeTruthy()
    const refusedAdd = await post('SaveOrder', { insertRecords: [{ OrderNo: 'GP-0002' }] })
    expect([refusedAdd.status, (refusedAdd.json() as { msg?: string }).msg]).toEqual([
      403,
      'Your role may not add records here',
    ])
    expect(
      await t.db.db
        .selectFrom('orders')
        .select('id')
        .where('order_no', '=', 'GP-0002')
        .executeTakeFirst(),
    ).toBeUndefined()
    expect(
      (await post('AuditOrder', { updateRecords: [{ Id: orderId, AuditStatus: 1 }] })).status,
    ).toBe(403)
    expect((await call('staff', 'Order/Export', {})).status).toBe(403)
    const boundary = 'gp-boundary'
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/Order/Upload',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nxx\r\n--${boundary}--\r\n`,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${tokens.staff}`,
      },
    })
    expect(upload.statusCode).toBe(403)
    // what stays shown still works: an update (Save) and the audit of another kind's button set
    expect(
      (await post('SaveOrder', { updateRecords: [{ Id: orderId, Quantity: 12 }] })).status,
    ).toBe(200)
    expect((await setStaff(['button-save-show-false'])).code).toBe(200)
    expect(
      (await post('SaveOrder', { updateRecords: [{ Id: orderId, Quantity: 13 }] })).status,
    ).toBe(403)
    expect(
      (await post('AuditOrder', { updateRecords: [{ Id: orderId, AuditStatus: 1 }] })).status,
    ).toBe(200)
  })
})
