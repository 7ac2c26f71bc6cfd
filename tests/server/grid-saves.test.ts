import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postCommon } from './helpers/system-calls.ts'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * `Save{Kind}` and `Audit{Kind}` of the order grids, the cases the other grid tests leave out
 * (mutation survivors): order numbers on update, records of several orders in one
 * call, a record moved to another order, hidden columns and the audit, refused audits, the
 * history and notices of an audit. Each test makes its own orders.
 */
let t: TestApp
const tokens: Record<string, string> = {}
let adminId = 0
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const u of ['admin', 'staff'] as const) tokens[u] = await signIn(t.app, u)
  adminId = (
    await t.db.db
      .selectFrom('users')
      .select('id')
      .where('login_name', '=', 'admin')
      .executeTakeFirstOrThrow()
  ).id
})
afterAll(() => t.close())

const save = (who: string, postUrl: string, postData: Record<string, unknown[]>) =>
  postCommon(t, tokens[who]!, postUrl, postData, 'en')
const ok = async (who: string, postUrl: string, postData: Record<string, unknown[]>) => {
  const r = await save(who, postUrl, postData)
  expect(r.status, `${postUrl} ${JSON.stringify(r)}`).toBe(200)
  return r.data
}
const newOrder = async (orderNo: string) => {
  await ok('staff', 'SaveOrder', {
    insertRecords: [{ OrderNo: orderNo, Customer: 'c', PartName: 'p', Quantity: 10, UnitPrice: 2 }],
  })
  return (
    await t.db.db
      .selectFrom('orders')
      .select('id')
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow()
  ).id
}
const order = (id: number) =>
  t.db.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const purchasesOf = (orderIds: number[]) =>
  t.db.db
    .selectFrom('purchase')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute()
const purchase = (id: number) =>
  t.db.db.selectFrom('purchase').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const history = async (recordType: string, id: number) =>
  (
    await t.db.db
      .selectFrom('record_history')
      .selectAll()
      .where('record_type', '=', recordType)
      .where('record_id', '=', String(id))
      .orderBy('id')
      .execute()
  ).map((h) => ({ action: h.action, changes: JSON.parse(h.changes) as unknown[] }))
const noticesOf = (orderNo: string) =>
  t.db.db
    .selectFrom('notice')
    .select(['create_type', 'order_id', 'order_no', 'msg_en'])
    .where('order_no', '=', orderNo)
    .orderBy('id')
    .execute()
const audit = (kind: string, Id: number, AuditStatus: 1 | -1, AuditComment = '') =>
  ok('admin', `Audit${kind}`, { updateRecords: [{ Id, AuditStatus, AuditComment }] })

describe('order numbers on update', () => {
  it("refuses another order's number and changes nothing; its own number sent again is no change", async () => {
    const a = await newOrder('GS-A1')
    await newOrder('GS-A2')
    const taken = await save('staff', 'SaveOrder', {
      updateRecords: [{ Id: a, OrderNo: 'GS-A2', Quantity: 11 }],
    })
    expect(taken.status).toBe(400)
    expect(taken.errors).toEqual({
      'postData.updateRecords.0.OrderNo': 'This order number already exists',
    })
    expect(await order(a)).toMatchObject({ order_no: 'GS-A1', quantity: 10 })

    await ok('staff', 'SaveOrder', { updateRecords: [{ Id: a, OrderNo: 'GS-A1', Quantity: 12 }] })
    expect(await order(a)).toMatchObject({ order_no: 'GS-A1', quantity: 12 })
    await ok('staff', 'SaveOrder', { updateRecords: [{ Id: a, OrderNo: 'GS-A1-NEW' }] })
    expect(await order(a)).toMatchObject({ order_no: 'GS-A1-NEW', quantity: 12 })
  })
})

describe('refused saves', () => {
  it('a removal naming an unknown Id refuses the whole call with its message; the other removal is kept', async () => {
    const a = await newOrder('GS-H1')
    const r = await save('staff', 'SaveOrder', { removeRecords: [{ Id: a }, { Id: 999_999 }] })
    expect(r.status).toBe(400)
    expect(r.errors).toEqual({
      'postData.removeRecords.1.Id': 'The record does not exist or was deleted',
    })
    expect(await order(a)).toMatchObject({ order_no: 'GS-H1' })
    expect((await history('Order', a)).map((h) => h.action)).toEqual(['create'])
  })

  it('keys a cross-field error by the contract field, so the form shows it at the field', async () => {
    const a = await newOrder('GS-H2')
    const bad = '440000,440300,449999'
    const added = await save('staff', 'SaveOrder', {
      insertRecords: [
        { OrderNo: 'GS-H3', Customer: 'c', PartName: 'p', Quantity: 1, CustomerArea: bad },
      ],
    })
    expect(added.errors).toEqual({ 'postData.insertRecords.0.CustomerArea': 'Unknown area' })
    const edited = await save('staff', 'SaveOrder', {
      updateRecords: [{ Id: a, CustomerArea: bad }],
    })
    expect(edited.errors).toEqual({ 'postData.updateRecords.0.CustomerArea': 'Unknown area' })
    expect((await order(a)).customer_area).toBe('')
  })
})

describe('records of several orders', () => {
  it('one call adds records to two orders, named by number and by Id, each to its own order', async () => {
    const a = await newOrder('GS-B1')
    const b = await newOrder('GS-B2')
    const rec = { Supplier: 's', Material: 'm', Quantity: 1 }
    expect(
      await ok('staff', 'SavePurchase', {
        insertRecords: [
          { OrderNo: 'GS-B1', ...rec },
          { OrderNo: 'GS-B2', ...rec },
          { OrderId: b, ...rec },
          { OrderId: a, ...rec },
        ],
      }),
    ).toMatchObject({ inserted: 4, updated: 0, removed: 0 })
    expect((await purchasesOf([a, b])).map((p) => p.order_id)).toEqual([a, b, b, a])
    // each new purchase sends a notice naming its own order
    expect((await noticesOf('GS-B1')).filter((n) => n.create_type === 0)).toEqual([
      expect.objectContaining({ order_id: a }),
      expect.objectContaining({ order_id: a }),
    ])
    expect((await noticesOf('GS-B2')).filter((n) => n.create_type === 0)).toEqual([
      expect.objectContaining({ order_id: b }),
      expect.objectContaining({ order_id: b }),
    ])
    // a new order's own notice names it
    expect((await noticesOf('GS-B1')).filter((n) => n.create_type === 2)).toEqual([
      expect.objectContaining({ order_id: a, order_no: 'GS-B1' }),
    ])
  })

  it('moves an audited purchase to another order: the audit is reset and the history names both orders', async () => {
    const a = await newOrder('GS-C1')
    const b = await newOrder('GS-C2')
    const c = await newOrder('GS-C3')
    await ok('staff', 'SavePurchase', {
      insertRecords: [{ OrderNo: 'GS-C1', Supplier: 's', Material: 'm', Quantity: 3 }],
    })
    const [p] = await purchasesOf([a])
    await audit('Purchase', p!.id, 1)

    await ok('staff', 'SavePurchase', { updateRecords: [{ Id: p!.id, OrderNo: 'GS-C2' }] })
    expect(await purchase(p!.id)).toMatchObject({ order_id: b, audit_status: 0 })
    expect((await history('Purchase', p!.id)).at(-1)).toEqual({
      action: 'update',
      changes: expect.arrayContaining([
        { field: 'AuditStatus', old: 1, new: 0 },
        { field: 'OrderId', old: a, new: b },
        { field: 'OrderNo', old: 'GS-C1', new: 'GS-C2' },
      ]),
    })
    await ok('staff', 'SavePurchase', { updateRecords: [{ Id: p!.id, OrderId: c }] })
    expect((await purchase(p!.id)).order_id).toBe(c)
    expect((await history('Purchase', p!.id)).at(-1)!.changes).toEqual(
      expect.arrayContaining([{ field: 'OrderNo', old: 'GS-C2', new: 'GS-C3' }]),
    )
  })

  it('ties a production report to the order it names, or to none', async () => {
    const a = await newOrder('GS-D1')
    const b = await newOrder('GS-D2')
    const report = { ReportDateString: '2020-02-03', Workshop: 'GS 车间' }
    await ok('staff', 'SaveProductionReport', {
      insertRecords: [{ ...report, OrderNo: 'GS-D1' }, { ...report }],
    })
    const reports = await t.db.db
      .selectFrom('production_report')
      .select(['id', 'order_id'])
      .where('workshop', '=', 'GS 车间')
      .orderBy('id')
      .execute()
    expect(reports.map((r) => r.order_id ?? null)).toEqual([a, null])
    await ok('staff', 'SaveProductionReport', {
      updateRecords: [{ Id: reports[1]!.id, OrderId: b }],
    })
    const moved = await t.db.db
      .selectFrom('production_report')
      .select('order_id')
      .where('id', '=', reports[1]!.id)
      .executeTakeFirstOrThrow()
    expect(moved.order_id).toBe(b)
  })
})

describe('imported records', () => {
  /** `Order/Upload` of one sheet: preview, then apply with the preview's token. */
  async function importOrders(header: string[], values: ExcelJS.CellValue[][]) {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('Sheet1')
    ws.addRow(header)
    for (const v of values) ws.addRow(v)
    const data = Buffer.from(await wb.xlsx.writeBuffer())
    const boundary = '----forgeline-grid-saves'
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const upload = async (query: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/Order/Upload${query}`,
        payload,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${tokens.staff}`,
          lang: 'en',
        },
      })
      return res.json() as { code: number; msg: string; data: { token: string } | null }
    }
    const preview = await upload('?mode=preview')
    expect(preview.code, preview.msg).toBe(200)
    return upload(`?mode=apply&token=${preview.data!.token}`)
  }

  // the import parses in a worker: slow on a loaded machine
  it(
    'an order created by an import is recorded as an import, with its fields',
    { timeout: 120_000 },
    async () => {
      const applied = await importOrders(
        ['Order number', 'Customer', 'Part name', 'Quantity'],
        [['GS-I1', 'Acme', 'Hub', 4]],
      )
      expect(applied.code, applied.msg).toBe(200)
      const id = (
        await t.db.db
          .selectFrom('orders')
          .select('id')
          .where('order_no', '=', 'GS-I1')
          .executeTakeFirstOrThrow()
      ).id
      const rows = await t.db.db
        .selectFrom('record_history')
        .selectAll()
        .where('record_type', '=', 'Order')
        .where('record_id', '=', String(id))
        .execute()
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ action: 'import', how: 'import', user_name: 'staff' })
      expect(JSON.parse(rows[0]!.changes)).toEqual(
        expect.arrayContaining([
          { field: 'OrderNo', old: null, new: 'GS-I1' },
          { field: 'Quantity', old: null, new: 4 },
        ]),
      )
    },
  )
})

describe('hidden columns and the audit', () => {
  const setStaff = (Permissions: string[]) =>
    ok('admin', 'SaveRole', {
      updateRecords: [{ Code: 'staff', Abilities: ['READ', 'ORDERS', 'AUDIT'], Permissions }],
    })
  afterAll(() => setStaff([]))

  it('a value sent for a hidden column neither changes the record nor resets its audit; the order a record names still does', async () => {
    const a = await newOrder('GS-E1')
    const b = await newOrder('GS-E2')
    await ok('staff', 'SavePurchase', {
      insertRecords: [{ OrderNo: 'GS-E1', Supplier: 's', Material: 'm', Quantity: 3 }],
    })
    const [p] = await purchasesOf([a])
    await audit('Order', a, 1)
    await audit('Purchase', p!.id, 1)
    await setStaff(['column-UnitPrice-show-false', 'column-OrderNo-show-false'])

    await ok('staff', 'SaveOrder', { updateRecords: [{ Id: a, UnitPrice: 99 }] })
    expect(await order(a)).toMatchObject({ unit_price: 2, audit_status: 1 })
    await ok('staff', 'SavePurchase', { updateRecords: [{ Id: p!.id, UnitPrice: 99 }] })
    expect(await purchase(p!.id)).toMatchObject({ unit_price: 0, audit_status: 1 })

    // the order number column is hidden, but moving the record to another order is a change
    await ok('staff', 'SavePurchase', { updateRecords: [{ Id: p!.id, OrderNo: 'GS-E2' }] })
    expect(await purchase(p!.id)).toMatchObject({ order_id: b, audit_status: 0 })
    await audit('Purchase', p!.id, 1)
    await ok('staff', 'SavePurchase', { updateRecords: [{ Id: p!.id, OrderId: a }] })
    expect(await purchase(p!.id)).toMatchObject({ order_id: a, audit_status: 0 })
  })
})

describe('audits', () => {
  it('an unknown Id refuses the whole audit with its message: the known record stays as it was, no history, no notice', async () => {
    const a = await newOrder('GS-F1')
    const notices = (await noticesOf('GS-F1')).length
    const r = await save('admin', 'AuditOrder', {
      updateRecords: [
        { Id: a, AuditStatus: 1, AuditComment: '' },
        { Id: 999_999, AuditStatus: 1, AuditComment: '' },
      ],
    })
    expect(r.status).toBe(400)
    expect(r.errors).toEqual({
      'postData.updateRecords.1.Id': 'The record does not exist or was deleted',
    })
    expect(await order(a)).toMatchObject({ audit_status: 0, audited_at: '', audited_by: null })
    expect((await history('Order', a)).map((h) => h.action)).toEqual(['create'])
    expect(await noticesOf('GS-F1')).toHaveLength(notices)
  })

  it("a rejection is kept as 'unaudit' with its comment, by whom and when; its notice names the record's order", async () => {
    const a = await newOrder('GS-G1')
    await ok('staff', 'SavePurchase', {
      insertRecords: [{ OrderId: a, Supplier: 's', Material: 'm', Quantity: 3 }],
    })
    const [p] = await purchasesOf([a])
    const since = Date.now()
    await audit('Purchase', p!.id, -1, '价格过高')
    const row = await purchase(p!.id)
    expect(row).toMatchObject({ audit_status: -1, audit_comment: '价格过高', audited_by: adminId })
    expect(Date.parse(row.audited_at)).toBeGreaterThanOrEqual(since - 1000)
    expect((await history('Purchase', p!.id)).at(-1)).toEqual({
      action: 'unaudit',
      changes: [
        { field: 'AuditStatus', old: 0, new: -1 },
        { field: 'AuditComment', old: '', new: '价格过高' },
      ],
    })
    const [notice] = (await noticesOf('GS-G1')).filter((n) => n.create_type === 0).slice(-1)
    expect(notice).toMatchObject({ order_id: a, order_no: 'GS-G1' })
    expect(notice!.msg_en).toContain('价格过高')

    await audit('Purchase', p!.id, 1, 'ok now')
    expect((await history('Purchase', p!.id)).at(-1)).toEqual({
      action: 'audit',
      changes: [
        { field: 'AuditStatus', old: -1, new: 1 },
        { field: 'AuditComment', old: '价格过高', new: 'ok now' },
      ],
    })
  })
})
