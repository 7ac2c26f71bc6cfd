import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

let t: TestApp
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}

beforeAll(async () => {
  t = await createTestApp()
  for (const u of ['admin', 'editor', 'staff'] as const) {
    tokens[u] = await signIn(t.app, u)
    ids[u] = (
      await t.db.db
        .selectFrom('users')
        .select('id')
        .where('login_name', '=', u)
        .executeTakeFirstOrThrow()
    ).id
  }
})
afterAll(() => t.close())

type Body = { code: number; msg: string; data: unknown; errors?: Record<string, string> }
const call = async (
  who: string,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    payload: payload as Record<string, unknown>,
    headers: { authorization: `Bearer ${tokens[who]}`, ...headers },
  })
  return { status: res.statusCode, body: res.json() as Body, headers: res.headers }
}
const save = (
  who: string,
  postUrl: string,
  postData: unknown,
  headers: Record<string, string> = {},
) => call(who, 'PostData/PostCommon', { postUrl, postData }, headers)
type Page<T = Record<string, unknown>> = { result: T[]; total: number }
const list = async (who: string, kind: string, body: unknown = {}) =>
  (await call(who, `${kind}/GetList`, body)).body.data as Page
const count = async (table: 'orders' | 'purchase' | 'notice') =>
  Number(
    (
      await t.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const orderByNo = (no: string) =>
  t.db.db.selectFrom('orders').selectAll().where('order_no', '=', no).executeTakeFirst()
const recipientsOf = async (orderNo: string, type: number) => {
  const rows = await t.db.db
    .selectFrom('notice')
    .innerJoin('notice_recipient', 'notice_recipient.notice_id', 'notice.id')
    .select(['notice_recipient.user_id as userId', 'notice.msg as msg'])
    .where('notice.order_no', '=', orderNo)
    .where('notice.create_type', '=', type)
    .execute()
  return rows
}

/** A new order of its own for one test (120 x 12.345, pending). */
async function newOrder(orderNo: string) {
  const r = await save('staff', 'SaveOrder', {
    insertRecords: [
      {
        OrderNo: orderNo,
        Customer: '测试客户',
        PartName: '测试零件',
        Quantity: 120,
        UnitPrice: 12.345,
      },
    ],
  })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return (await orderByNo(orderNo))!
}

/** An order of its own with two purchases (500 x 6.125 and 40 x 38.5). */
async function orderWithPurchases(orderNo: string) {
  const order = await newOrder(orderNo)
  const p = await save('staff', 'SavePurchase', {
    insertRecords: [
      {
        OrderNo: orderNo,
        Supplier: '江阴钢厂',
        Material: '42CrMo4',
        Quantity: 500,
        UnitPrice: 6.125,
      },
      { OrderId: order.id, Supplier: '无锡特钢', Material: 'H13', Quantity: 40, UnitPrice: 38.5 },
    ],
  })
  expect(p.body.data).toMatchObject({ inserted: 2, updated: 0, removed: 0 })
  return order.id
}

describe('order lists', () => {
  it('pages the seeded orders newest first with a stable order and filters', async () => {
    const all = await list('staff', 'Order', { pageSize: 1000 })
    // the seeded 48 and whatever other tests of this file added before (any order of tests)
    expect(all.total).toBeGreaterThanOrEqual(48)
    expect(all.total).toBe(await count('orders'))
    const ids = all.result.map((r) => r.Id as number)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    const p2 = await list('staff', 'Order', { pageIndex: 2, pageSize: 5 })
    expect(p2.result.map((r) => r.Id)).toEqual(ids.slice(5, 10))
    const first = all.result[0]!
    expect(first).toMatchObject({
      PriceSign: '¥',
      RoughForging: expect.any(Boolean),
      Workshop: expect.any(Number),
    })
    expect(first.TotalSum).toBeCloseTo((first.Quantity as number) * (first.UnitPrice as number), 2)
    const rejected = Number(
      (
        await t.db.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('audit_status', '=', -1)
          .executeTakeFirstOrThrow()
      ).n,
    )
    expect(rejected).toBeGreaterThanOrEqual(4)
    expect((await list('staff', 'Order', { auditStatus: -1 })).total).toBe(rejected)
    const kw = await list('staff', 'Order', { keyword: String(first.OrderNo) })
    expect(kw.result.map((r) => r.Id)).toEqual([first.Id])
    const sorted = await list('staff', 'Order', { sort: 'Quantity', pageSize: 1000 })
    const q = sorted.result.map((r) => r.Quantity as number)
    expect(q).toEqual([...q].sort((a, b) => a - b))
    expect((await call('staff', 'Order/GetList', { pageSize: 1001 })).status).toBe(400)
    expect((await call('staff', 'Order/GetList', { sort: 'password_hash' })).status).toBe(400)
  })

  it('lists records of one order and gets one row', async () => {
    const purchases = await list('staff', 'Purchase', { pageSize: 1000 })
    expect(purchases.total).toBeGreaterThan(0)
    const p = purchases.result[0]!
    const ofOrder = await list('staff', 'Purchase', { orderId: p.OrderId })
    expect(ofOrder.result.every((r) => r.OrderId === p.OrderId && r.OrderNo === p.OrderNo)).toBe(
      true,
    )
    expect((await list('staff', 'Purchase', { orderNo: p.OrderNo })).total).toBe(ofOrder.total)
    const one = await call('staff', 'Purchase/Get', { id: p.Id })
    expect(one.body.data).toEqual(p)
    expect((await call('staff', 'Order/Get', { id: 999_999 })).status).toBe(404)
    for (const kind of [
      'Outsourcing',
      'Shipment',
      'Quality',
      'Warehouse',
      'Finance',
      'ProductionReport',
      'SupplierForm',
    ])
      expect((await call('admin', `${kind}/GetList`, {})).status, kind).toBe(200)
  })

  it('is refused to the content editor', async () => {
    expect((await call('editor', 'Order/GetList', {})).status).toBe(403)
    expect((await call('editor', 'Purchase/Get', { id: 1 })).status).toBe(403)
    expect(
      (await save('editor', 'SaveOrder', { insertRecords: [{ OrderNo: 'ED-1' }] })).status,
    ).toBe(403)
    expect(await orderByNo('ED-1')).toBeUndefined()
  })
})

describe('SaveOrder', () => {
  it('creates an order with TotalSum computed on the server and notifies order staff', async () => {
    const r = await save('staff', 'SaveOrder', {
      insertRecords: [
        {
          OrderNo: 'T-100',
          Customer: '测试客户',
          PartName: '曲轴',
          Quantity: 120,
          UnitPrice: 12.345,
          TotalSum: 1,
          AuditStatus: 1,
          Workshop: 2,
          RoughForging: true,
          JobStartTimeString: '2026-05-01',
        },
      ],
    })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ inserted: 1, updated: 0, removed: 0 })
    const row = await orderByNo('T-100')
    expect(row).toMatchObject({
      total_sum: 1481.4,
      price_sign: '¥',
      audit_status: 0,
      workshop: 2,
      rough_forging: 1,
      created_by: ids.staff,
      job_start_time: '2026-05-01T00:00:00.000Z',
    })
    const got = (await call('staff', 'Order/Get', { id: row!.id })).body.data as Record<
      string,
      unknown
    >
    expect(got).toMatchObject({
      OrderNo: 'T-100',
      TotalSum: 1481.4,
      PriceSign: '¥',
      RoughForging: true,
      AuditStatus: 0,
    })
    const to = await recipientsOf('T-100', 2)
    expect(to.map((n) => n.userId).sort()).toEqual([ids.admin, ids.staff].sort())
    expect(to[0]!.msg).toContain('T-100')
    const log = await t.db.db
      .selectFrom('system_log')
      .selectAll()
      .where('operation', '=', 'PostCommon SaveOrder')
      .execute()
    expect(log.length).toBeGreaterThan(0)
  })

  it('refuses invalid edits with the SPEC messages and saves nothing', async () => {
    const before = await count('orders')
    const notices = await count('notice')
    const bad = {
      insertRecords: [
        { OrderNo: 'T-OK', Quantity: 1, UnitPrice: 1 },
        { OrderNo: '', Quantity: 1 },
        { OrderNo: 'T-NEG', Quantity: -1 },
        { OrderNo: 'T-PRICE', UnitPrice: 1.2345 },
        { OrderNo: 'T-INT', Quantity: 1.5, UnitPrice: 'abc' },
      ],
    }
    const zh = await save('staff', 'SaveOrder', bad)
    expect(zh.status).toBe(400)
    expect(zh.body.errors).toMatchObject({
      'postData.insertRecords.1.OrderNo': '订单号必填',
      'postData.insertRecords.2.Quantity': '不能小于0',
      'postData.insertRecords.3.UnitPrice': '最多保留3位小数',
      'postData.insertRecords.4.Quantity': '数量必须是整数',
      'postData.insertRecords.4.UnitPrice': '请输入数字',
    })
    const en = await save('staff', 'SaveOrder', bad, { lang: 'en' })
    expect(en.body.errors!['postData.insertRecords.1.OrderNo']).toBe('Order number required')
    expect(await count('orders')).toBe(before)
    expect(await count('notice')).toBe(notices)
    expect(await orderByNo('T-OK')).toBeUndefined()
  })

  it('refuses a taken order number and an unknown id, rolling back the whole call', async () => {
    const existing = await newOrder('T-101')
    const r = await save('staff', 'SaveOrder', {
      updateRecords: [{ Id: existing.id, Quantity: 10 }],
      insertRecords: [{ OrderNo: 'T-101', Customer: 'c', PartName: 'p', Quantity: 1 }],
      removeRecords: [{ Id: 999_999 }],
    })
    expect(r.status).toBe(400)
    expect(Object.keys(r.body.errors!).sort()).toEqual([
      'postData.insertRecords.0.OrderNo',
      'postData.removeRecords.0.Id',
    ])
    expect(r.body.errors!['postData.insertRecords.0.OrderNo']).toBe('订单号已存在')
    expect((await orderByNo('T-101'))!.quantity).toBe(120)
  })

  it('updates part of a row, recomputes TotalSum and puts it back to pending', async () => {
    const o = await newOrder('T-102')
    await t.db.db.updateTable('orders').set({ audit_status: 1 }).where('id', '=', o.id).execute()
    const r = await save('staff', 'SaveOrder', {
      updateRecords: [{ Id: o.id, Quantity: '200', PriceSign: '', TotalSum: 5 }],
    })
    expect(r.body.data).toMatchObject({ inserted: 0, updated: 1, removed: 0 })
    expect(await orderByNo('T-102')).toMatchObject({
      quantity: 200,
      unit_price: 12.345,
      total_sum: 2469,
      price_sign: '¥',
      audit_status: 0,
      customer: '测试客户',
    })
  })

  it('applies a replayed save once (Idempotency-Key)', async () => {
    const before = await count('orders')
    const headers = { 'idempotency-key': 'orders-test-key-1' }
    const body = {
      insertRecords: [
        { OrderNo: 'T-IDEM', Customer: 'c', PartName: 'p', Quantity: 3, UnitPrice: 2 },
      ],
    }
    const first = await save('staff', 'SaveOrder', body, headers)
    const again = await save('staff', 'SaveOrder', body, headers)
    expect(first.body.data).toEqual(again.body.data)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(await count('orders')).toBe(before + 1)
    expect((await recipientsOf('T-IDEM', 2)).length).toBe(2)
  })
})

describe('records of an order and audits (each test on its own order)', () => {
  it('adds two purchases to a new order in one call, by order number', async () => {
    const orderId = await orderWithPurchases('T-200')
    const rows = (await list('staff', 'Purchase', { orderId })).result
    expect(rows.map((x) => x.TotalSum).sort()).toEqual([1540, 3062.5])
    expect(rows.every((x) => x.OrderNo === 'T-200' && x.PriceSign === '¥')).toBe(true)
    const n = await recipientsOf('T-200', 0)
    expect(n.length).toBe(4) // two notices, to admin and staff
    expect(n.map((x) => x.userId)).not.toContain(ids.editor)
  })

  it('needs an existing order for a record', async () => {
    await newOrder('T-201')
    const missing = await save('staff', 'SavePurchase', {
      insertRecords: [{ Supplier: 'x' }, { OrderNo: 'T-201' }],
    })
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual({ 'postData.insertRecords.0.OrderNo': '订单号必填' })
    const r = await save('staff', 'SavePurchase', {
      insertRecords: [
        { OrderNo: 'T-201', Supplier: 's', Material: 'm' },
        { OrderNo: 'NOPE', Supplier: 's', Material: 'm' },
        { OrderId: 999_999, Supplier: 's', Material: 'm' },
      ],
    })
    expect(r.status).toBe(400)
    expect(r.body.errors).toEqual({
      'postData.insertRecords.1.OrderNo': '订单号 NOPE 不存在，请从已有订单中选择',
      'postData.insertRecords.2.OrderId': '订单（编号 999999）不存在，请从已有订单中选择',
    })
  })

  it('lets only auditors pass or reject, with a comment for a rejection, and notifies', async () => {
    const orderId = await orderWithPurchases('T-202')
    const [a, b] = (await list('staff', 'Purchase', { orderId })).result
    const pass = { updateRecords: [{ Id: a!.Id, AuditStatus: 1 }] }
    expect((await save('staff', 'AuditPurchase', pass)).status).toBe(403)
    expect((await save('editor', 'AuditPurchase', pass)).status).toBe(403)
    const noComment = await save('admin', 'AuditPurchase', {
      updateRecords: [{ Id: b!.Id, AuditStatus: -1 }],
    })
    expect(noComment.status).toBe(400)
    expect(noComment.body.errors).toEqual({
      'postData.updateRecords.0.AuditComment': '此项为必填项',
    })
    const before = (await recipientsOf('T-202', 0)).length
    expect((await save('admin', 'AuditPurchase', pass)).body.data).toMatchObject({
      inserted: 0,
      updated: 1,
      removed: 0,
    })
    expect(
      (
        await save('admin', 'AuditPurchase', {
          updateRecords: [{ Id: b!.Id, AuditStatus: -1, AuditComment: '价格过高' }],
        })
      ).status,
    ).toBe(200)
    const rows = (await list('staff', 'Purchase', { orderId, sort: 'Id desc' })).result
    expect(rows.map((r) => [r.AuditStatus, r.AuditComment])).toEqual([
      [1, ''],
      [-1, '价格过高'],
    ])
    expect(rows[0]!.AuditTimeString).not.toBe('')
    expect((await list('staff', 'Purchase', { orderId, auditStatus: 1 })).total).toBe(1)
    const after = await recipientsOf('T-202', 0)
    expect(after.length).toBe(before + 4)
    expect(after.some((n) => n.msg.includes('价格过高'))).toBe(true)
    const order = await save('admin', 'AuditOrder', {
      updateRecords: [{ Id: orderId, AuditStatus: 1 }],
    })
    expect(order.status).toBe(200)
    expect((await recipientsOf('T-202', 2)).some((n) => n.msg.includes('审核通过'))).toBe(true)
  })

  it('saves outsourcing, shipments, quality, warehouse and finance records', async () => {
    const orderId = (await newOrder('T-203')).id
    const ok = async (postUrl: string, rec: Record<string, unknown>) => {
      const r = await save('staff', postUrl, { insertRecords: [{ OrderId: orderId, ...rec }] })
      expect(r.status, `${postUrl} ${JSON.stringify(r.body)}`).toBe(200)
    }
    await ok('SaveOutsourcing', {
      Supplier: '热处理厂',
      Process: '调质',
      Quantity: 50,
      UnitPrice: 2.5,
    })
    await ok('SaveShipment', {
      Carrier: '苏通物流',
      TrackingNo: 'ST1',
      Quantity: 50,
      ShipDateString: '2026-06-01',
    })
    await ok('SaveQuality', {
      Item: '硬度',
      Inspector: '王工',
      Quantity: 50,
      QualifiedQuantity: 49,
    })
    await ok('SaveWarehouse', { Material: '曲轴', Direction: 2, Quantity: 50 })
    await ok('SaveFinance', { EntryType: 1, Counterparty: '客户', Quantity: 50, UnitPrice: 10 })
    expect((await list('staff', 'Finance', { orderId })).result[0]).toMatchObject({
      TotalSum: 500,
      OrderNo: 'T-203',
    })
    expect((await recipientsOf('T-203', 1)).length).toBe(2)
    expect((await recipientsOf('T-203', 3)).length).toBe(2)
    const bad = await save('staff', 'SaveQuality', {
      insertRecords: [{ OrderId: orderId, Item: '硬度', Quantity: 5, QualifiedQuantity: 6 }],
    })
    expect(bad.body.errors).toEqual({
      'postData.insertRecords.0.QualifiedQuantity': '合格数量不能大于检验数量',
    })
  })

  it('removes an order with its records', async () => {
    const orderId = await orderWithPurchases('T-204')
    expect(
      (
        await save('staff', 'SaveShipment', {
          insertRecords: [
            { OrderId: orderId, Carrier: '苏通物流', TrackingNo: 'ST9', Quantity: 5 },
          ],
        })
      ).status,
    ).toBe(200)
    expect((await list('staff', 'Shipment', { orderId })).total).toBe(1)
    const r = await save('staff', 'SaveOrder', { removeRecords: [{ Id: orderId }] })
    expect(r.body.data).toMatchObject({ inserted: 0, updated: 0, removed: 1 })
    expect((await list('staff', 'Purchase', { orderId })).total).toBe(0)
    expect((await list('staff', 'Shipment', { orderId })).total).toBe(0)
  })
})
