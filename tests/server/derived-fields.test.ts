import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { derivedFields, sourcesOf } from '#shared/derived-fields'
import { gridPermissions } from '#shared/grid-permissions'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'
import { postCommon } from './helpers/system-calls.ts'

/**
 * A field computed from a hidden column is hidden with it (TotalSum = Quantity x UnitPrice):
 * TotalSum / Quantity would give the hidden unit price back. And a hidden button's refused call
 * is in the operation log.
 */
describe('derived fields in the grid permissions', () => {
  it('hides TotalSum with UnitPrice and with Quantity, and lists it among the hidden columns', () => {
    const p = gridPermissions(['column-UnitPrice-show-false'])
    expect(p.columnShown('UnitPrice')).toBe(false)
    expect(p.columnShown('TotalSum')).toBe(false)
    expect(p.columnShown('Quantity')).toBe(true)
    expect(p.hiddenColumns).toEqual(['TotalSum', 'UnitPrice'])
    expect(gridPermissions(['column-Quantity-show-0']).columnShown('TotalSum')).toBe(false)
    // shown again by a later string: the derived field comes back with its source
    const back = gridPermissions(['column-UnitPrice-show-false', 'column-UnitPrice-show-true'])
    expect(back.columnShown('TotalSum')).toBe(true)
    expect(back.hiddenColumns).toEqual([])
    expect(gridPermissions(['column-Remark-show-false']).columnShown('TotalSum')).toBe(true)
    expect(sourcesOf('TotalSum').sort()).toEqual(['Quantity', 'UnitPrice'])
    expect(derivedFields.UnitPrice).toContain('TotalSum')
  })
})

let t: TestApp
const tokens: Record<string, string> = {}
let orderId = 0
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const u of ['admin', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

type Row = Record<string, unknown>
const call = async (who: string, url: string, payload: unknown) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    payload: payload as Row,
    headers: { authorization: `Bearer ${tokens[who]}`, lang: 'en' },
  })
  return {
    status: res.statusCode,
    raw: res.rawPayload,
    json: () => res.json() as { data: unknown },
  }
}
const save = (who: string, postData: Row) =>
  call(who, 'PostData/PostCommon', { postUrl: 'SaveOrder', postData })
const setStaff = (Permissions: string[]) =>
  postCommon(t, tokens.admin!, 'SaveRole', {
    updateRecords: [{ Code: 'staff', Abilities: ['READ', 'ORDERS', 'AUDIT'], Permissions }],
  })

describe('a role without unit price sees no total anywhere', () => {
  beforeAll(async () => {
    const made = await save('admin', {
      insertRecords: [
        {
          OrderNo: 'DF-0001',
          Customer: 'Derived',
          PartName: 'Hub',
          Quantity: 4500,
          UnitPrice: 190.895,
        },
      ],
    })
    expect(made.status).toBe(200)
    orderId = Number(
      (
        await t.db.db
          .selectFrom('orders')
          .select('id')
          .where('order_no', '=', 'DF-0001')
          .executeTakeFirstOrThrow()
      ).id,
    )
    expect((await save('admin', { updateRecords: [{ Id: orderId, Quantity: 4000 }] })).status).toBe(
      200,
    )
    expect((await setStaff(['column-UnitPrice-show-false'])).code).toBe(200)
  })

  it('GetList and Get leave TotalSum out; sorting by it is refused', async () => {
    const list = (await call('staff', 'Order/GetList', { pageSize: 100 })).json().data as {
      result: Row[]
    }
    expect(list.result.length).toBeGreaterThan(0)
    for (const r of list.result) {
      expect(r).toHaveProperty('Quantity')
      expect(r).not.toHaveProperty('TotalSum')
    }
    const one = (await call('staff', 'Order/Get', { id: orderId })).json().data as Row
    expect(one).toMatchObject({ Id: orderId, Quantity: 4000 })
    expect(one).not.toHaveProperty('TotalSum')
    expect((await call('admin', 'Order/Get', { id: orderId })).json().data).toMatchObject({
      TotalSum: 763580,
    })
    expect((await call('staff', 'Order/GetList', { sort: 'TotalSum desc' })).status).toBe(400)
    expect((await call('admin', 'Order/GetList', { sort: 'TotalSum desc' })).status).toBe(200)
  })

  it('the export has no Total column', async () => {
    const res = await call('staff', 'Order/Export', { keyword: 'DF-0001' })
    expect(res.status).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.raw as unknown as ArrayBuffer)
    const header = (wb.worksheets[0]!.getRow(1).values as unknown[]).filter(Boolean).map(String)
    expect(header).toContain('Quantity')
    expect(header).not.toContain('Total')
    const cells = wb.worksheets[0]!.getRow(2).values as unknown[]
    expect(cells).not.toContain(763580)
    expect(cells).not.toContain(859027.5)
  })

  it('the record history shows the quantity change without the total', async () => {
    type Entry = { Changes: { field: string }[] }
    const entries = async (who: string) =>
      (
        (await call(who, 'History/GetList', { recordType: 'Order', recordId: orderId })).json()
          .data as { result: Entry[] }
      ).result.flatMap((e) => e.Changes.map((c) => c.field))
    const admin = await entries('admin')
    expect(admin).toContain('TotalSum')
    const staff = await entries('staff')
    expect(staff).toContain('Quantity')
    expect(staff).not.toContain('TotalSum')
    expect(staff).not.toContain('UnitPrice')
  })

  it('the notices of the order carry no total', async () => {
    const notices = await t.db.db.selectFrom('notice').selectAll().execute()
    const text = JSON.stringify(notices)
    expect(text).toContain('DF-0001')
    expect(text).not.toMatch(/859027|859,027|763580|763,580|190\.895/)
  })
})

describe('a refused button call is in the operation log', () => {
  const denials = () =>
    t.db.db
      .selectFrom('system_log')
      .select(['account', 'operation', 'result'])
      .where('result', '=', 'permission denied')
      .execute()

  it('logs a refused delete, export and import', async () => {
    expect(
      (
        await setStaff([
          'button-delete-show-false',
          'button-export-show-false',
          'button-import-show-false',
        ])
      ).code,
    ).toBe(200)
    expect((await save('staff', { removeRecords: [{ Id: orderId }] })).status).toBe(403)
    expect((await call('staff', 'Order/Export', {})).status).toBe(403)
    const boundary = 'df-boundary'
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
    await expect.poll(async () => (await denials()).length).toBeGreaterThanOrEqual(3)
    const ops = (await denials()).map((r) => `${r.account} ${r.operation}`)
    expect(ops).toContain('staff PostCommon SaveOrder (delete)')
    expect(ops).toContain('staff POST /api/Order/Export (export)')
    expect(ops).toContain('staff POST /api/Order/Upload (import)')
    // the refused delete changed nothing
    expect(
      await t.db.db.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst(),
    ).toBeTruthy()
  })
})
