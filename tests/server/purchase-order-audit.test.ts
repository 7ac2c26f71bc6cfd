import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditResetChanges, auditResetFields } from '#shared/contract/audit-reset'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/** A purchase names an existing order and carries a unit; only some edits reset an audit. */
let t: TestApp
const tokens: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestApp()
  for (const u of ['admin', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

type Body = { code: number; msg: string; data: unknown; errors?: Record<string, string> }
const save = async (who: string, postUrl: string, postData: unknown, lang = 'zh') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/PostData/PostCommon',
    payload: { postUrl, postData },
    headers: { authorization: `Bearer ${tokens[who]}`, lang },
  })
  return { status: res.statusCode, body: res.json() as Body }
}
const get = async (kind: string, id: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${kind}/Get`,
    payload: { id },
    headers: { authorization: `Bearer ${tokens.staff}` },
  })
  return (res.json() as { data: Record<string, unknown> }).data
}
const newOrder = async (orderNo: string) => {
  expect(
    (
      await save('staff', 'SaveOrder', {
        insertRecords: [
          { OrderNo: orderNo, Customer: '单位客户', Quantity: 10, UnitPrice: 2, PartName: 'p' },
        ],
      })
    ).status,
  ).toBe(200)
  return t.db.db
    .selectFrom('orders')
    .selectAll()
    .where('order_no', '=', orderNo)
    .executeTakeFirstOrThrow()
}
const purchasesOf = (orderId: number) =>
  t.db.db.selectFrom('purchase').selectAll().where('order_id', '=', orderId).orderBy('id').execute()

describe('a purchase names an existing order', () => {
  it('refuses an unknown order number or Id with a message that names it, in the user language, and stores nothing', async () => {
    const before = await t.db.db
      .selectFrom('purchase')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    const zh = await save('staff', 'SavePurchase', {
      insertRecords: [
        { OrderNo: 'NO-SUCH-ORDER-7', Supplier: '江阴钢厂', Material: 'm', Quantity: 5 },
        { OrderId: 987_654, Supplier: 'x', Material: 'm' },
      ],
    })
    expect(zh.status).toBe(400)
    expect(zh.body.errors).toEqual({
      'postData.insertRecords.0.OrderNo': '订单号 NO-SUCH-ORDER-7 不存在，请从已有订单中选择',
      'postData.insertRecords.1.OrderId': '订单（编号 987654）不存在，请从已有订单中选择',
    })
    const en = await save(
      'staff',
      'SavePurchase',
      { insertRecords: [{ OrderNo: 'NO-SUCH-ORDER-7', Supplier: 'S', Material: 'm' }] },
      'en',
    )
    expect(en.body.errors).toEqual({
      'postData.insertRecords.0.OrderNo':
        'There is no order numbered NO-SUCH-ORDER-7: choose an existing order',
    })
    // an existing purchase moved to an unknown order is refused the same way
    const order = await newOrder('UNIT-MOVE-1')
    await save('staff', 'SavePurchase', {
      insertRecords: [{ OrderNo: 'UNIT-MOVE-1', Supplier: 'S', Material: 'm' }],
    })
    const [p] = await purchasesOf(order.id)
    const moved = await save(
      'staff',
      'SavePurchase',
      { updateRecords: [{ Id: p!.id, OrderNo: 'NOPE-2' }] },
      'en',
    )
    expect(moved.body.errors).toEqual({
      'postData.updateRecords.0.OrderNo':
        'There is no order numbered NOPE-2: choose an existing order',
    })
    expect((await purchasesOf(order.id))[0]!.order_id).toBe(order.id)
    const after = await t.db.db
      .selectFrom('purchase')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n) + 1)
  })
})

describe('a purchase carries its unit', () => {
  it('stores kg, pcs, t or m, refuses other units; the notice names the order, not the material', async () => {
    const order = await newOrder('UNIT-1')
    const r = await save('staff', 'SavePurchase', {
      insertRecords: [
        {
          OrderNo: 'UNIT-1',
          Supplier: '江阴钢厂',
          Material: '42CrMo4',
          Quantity: 3,
          Unit: 't',
          UnitPrice: 5000,
        },
        {
          OrderNo: 'UNIT-1',
          Supplier: '无锡标准件',
          Material: 'M8 螺栓',
          Quantity: 200,
          Unit: 'pcs',
        },
        { OrderNo: 'UNIT-1', Supplier: '常州钢管', Material: '无缝钢管', Quantity: 12, Unit: 'm' },
        { OrderNo: 'UNIT-1', Supplier: '南京钢厂', Material: 'H13', Quantity: 40 },
      ],
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const rows = await purchasesOf(order.id)
    expect(rows.map((p) => p.unit)).toEqual(['t', 'pcs', 'm', 'kg'])
    expect((await get('Purchase', rows[0]!.id)).Unit).toBe('t')

    // notice texts name the order, never column values a recipient's role may hide
    const notices = await t.db.db
      .selectFrom('notice')
      .select(['msg', 'msg_en'])
      .where('order_no', '=', 'UNIT-1')
      .where('create_type', '=', 0)
      .orderBy('id')
      .execute()
    expect(notices).toHaveLength(4)
    for (const n of notices) {
      expect(n.msg).toContain('UNIT-1')
      expect(n.msg_en).toContain('UNIT-1')
      expect(`${n.msg} ${n.msg_en}`).not.toMatch(/42CrMo4|螺栓|钢管|H13|江阴|南京/)
    }

    const bad = await save(
      'staff',
      'SavePurchase',
      { updateRecords: [{ Id: rows[0]!.id, Unit: 'lb' }] },
      'en',
    )
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({
      'postData.updateRecords.0.Unit': 'The unit must be kg, pcs, t or m',
    })
    expect((await purchasesOf(order.id))[0]!.unit).toBe('t')
    expect(
      (await save('staff', 'SavePurchase', { updateRecords: [{ Id: rows[0]!.id, Unit: 'kg' }] }))
        .status,
    ).toBe(200)
    expect((await purchasesOf(order.id))[0]!.unit).toBe('kg')
  })
})

describe('which edits reset an audit', () => {
  it('keeps the audit of a record whose remark changes, and resets it when a field of the shared list changes', async () => {
    const order = await newOrder('AUDIT-KEEP-1')
    await save('staff', 'SavePurchase', {
      insertRecords: [
        { OrderNo: 'AUDIT-KEEP-1', Supplier: 'S', Material: 'm', Quantity: 10, UnitPrice: 1.5 },
      ],
    })
    const [p] = await purchasesOf(order.id)
    const audit = (kind: string, Id: number, AuditStatus: 1 | -1) =>
      save('admin', `Audit${kind}`, { updateRecords: [{ Id, AuditStatus, AuditComment: 'ok' }] })
    const status = async (table: 'purchase' | 'orders', id: number) =>
      (
        await t.db.db
          .selectFrom(table)
          .select('audit_status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).audit_status

    expect((await audit('Purchase', p!.id, 1)).status).toBe(200)
    expect(
      (
        await save('staff', 'SavePurchase', {
          updateRecords: [{ Id: p!.id, Remark: '已电话确认' }],
        })
      ).status,
    ).toBe(200)
    expect(await status('purchase', p!.id)).toBe(1)
    // the same figures sent again change nothing
    expect(
      (
        await save('staff', 'SavePurchase', {
          updateRecords: [{ Id: p!.id, Quantity: '10', UnitPrice: 1.5, OrderNo: 'AUDIT-KEEP-1' }],
        })
      ).status,
    ).toBe(200)
    expect(await status('purchase', p!.id)).toBe(1)
    expect(
      (await save('staff', 'SavePurchase', { updateRecords: [{ Id: p!.id, Quantity: 12 }] }))
        .status,
    ).toBe(200)
    expect(await status('purchase', p!.id)).toBe(0)

    // a rejected order: its remark keeps the rejection, its customer sends it back to review
    expect((await audit('Order', order.id, -1)).status).toBe(200)
    await save('staff', 'SaveOrder', { updateRecords: [{ Id: order.id, Remark: '等客户回复' }] })
    expect(await status('orders', order.id)).toBe(-1)
    await save('staff', 'SaveOrder', { updateRecords: [{ Id: order.id, Customer: '新客户' }] })
    expect(await status('orders', order.id)).toBe(0)
  })

  it('resets the audit of a record whose audited field is cleared, or filled for the first time', async () => {
    const order = await newOrder('AUDIT-EMPTY-1')
    const audit = () =>
      save('admin', 'AuditOrder', {
        updateRecords: [{ Id: order.id, AuditStatus: 1, AuditComment: 'ok' }],
      })
    const status = async () =>
      (
        await t.db.db
          .selectFrom('orders')
          .select('audit_status')
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow()
      ).audit_status
    expect((await audit()).status).toBe(200)
    expect(await status()).toBe(1)
    // the supervisor was never given: filling it in changes what was approved
    expect(
      (
        await save('staff', 'SaveOrder', {
          updateRecords: [{ Id: order.id, WorkshopSupervisor: '王工' }],
        })
      ).status,
    ).toBe(200)
    expect(await status()).toBe(0)
    expect((await audit()).status).toBe(200)
    // clearing it does too
    expect(
      (
        await save('staff', 'SaveOrder', {
          updateRecords: [{ Id: order.id, WorkshopSupervisor: '' }],
        })
      ).status,
    ).toBe(200)
    expect(await status()).toBe(0)
  })

  it('lists every editable field but the remark of each grid, and tells the changes of an update', () => {
    expect(auditResetFields.Order).not.toContain('Remark')
    expect(auditResetFields.Purchase).toEqual(
      expect.arrayContaining(['OrderNo', 'Quantity', 'Unit', 'UnitPrice']),
    )
    expect(auditResetFields.SupplierForm).toEqual([])
    expect(
      auditResetChanges(
        'Purchase',
        { Quantity: 10, Remark: 'a', Unit: 'kg' },
        { Quantity: 12, Remark: 'b', Unit: 'kg' },
      ),
    ).toEqual([{ field: 'Quantity', from: 10, to: 12 }])
    expect(auditResetChanges('Order', { RoughForging: true }, { RoughForging: false })).toEqual([
      { field: 'RoughForging', from: true, to: false },
    ])
    expect(auditResetChanges('Order', { Quantity: 10 }, { Quantity: 10, Remark: 'x' })).toEqual([])
  })
})
