import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * Edit, audit and remove of the records of an order (outsourcing, shipments, quality,
 * warehouse, finance) with data: each kind on its own order, so the cases do not depend on
 * each other or on their order.
 */
let t: TestApp
const tokens: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

type Body = { code: number; msg: string; data: unknown; errors?: Record<string, string> }
const call = async (who: string, url: string, payload: unknown) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    payload: payload as Record<string, unknown>,
    headers: { authorization: `Bearer ${tokens[who]}` },
  })
  return { status: res.statusCode, body: res.json() as Body }
}
const save = (who: string, postUrl: string, postData: unknown) =>
  call(who, 'PostData/PostCommon', { postUrl, postData })
type Row = Record<string, unknown> & {
  Id: number
  AuditStatus: number
  AuditComment: string
  AuditTimeString: string
}
const rowsOf = async (kind: string, orderId: number) =>
  (await call('staff', `${kind}/GetList`, { orderId, pageSize: 100 })).body.data as {
    result: Row[]
    total: number
  }
const noticesOf = async (orderNo: string) =>
  await t.db.db
    .selectFrom('notice')
    .select(['msg', 'create_type'])
    .where('order_no', '=', orderNo)
    .orderBy('id')
    .execute()

const kinds = [
  {
    kind: 'Outsourcing',
    notice: 1,
    insert: { Supplier: '热处理厂', Process: '调质', Quantity: 50, UnitPrice: 2.5 },
    update: { Quantity: 60, Process: '淬火' },
    total: 150,
  },
  {
    kind: 'Shipment',
    notice: 3,
    insert: { Carrier: '苏通物流', TrackingNo: 'ST1', Quantity: 50, ShipDateString: '2026-06-01' },
    update: { Quantity: 60, TrackingNo: 'ST2' },
  },
  {
    kind: 'Quality',
    notice: undefined,
    insert: { Item: '硬度', Inspector: '王工', Quantity: 50, QualifiedQuantity: 49 },
    update: { Quantity: 60, QualifiedQuantity: 58 },
  },
  {
    kind: 'Warehouse',
    notice: undefined,
    insert: { Material: '曲轴', Direction: 2, Quantity: 50 },
    update: { Quantity: 60, Direction: 1 },
  },
  {
    kind: 'Finance',
    notice: undefined,
    insert: { EntryType: 1, Counterparty: '客户', Quantity: 50, UnitPrice: 10 },
    update: { Quantity: 60, Counterparty: '新客户' },
    total: 600,
  },
] as const

describe.each(kinds)('$kind records', ({ kind, notice, insert, update, ...rest }) => {
  const total = 'total' in rest ? rest.total : undefined
  const orderNo = `REC-${kind}`
  let orderId = 0
  let id = 0
  // the list answers a shipment date with its time of day
  const stored = {
    ...insert,
    ...('ShipDateString' in insert
      ? { ShipDateString: expect.stringMatching(/^2026-06-01/) as unknown }
      : {}),
  }
  beforeAll(async () => {
    expect(
      (
        await save('staff', 'SaveOrder', {
          insertRecords: [
            { OrderNo: orderNo, Quantity: 50, UnitPrice: 10, Customer: 'c', PartName: 'p' },
          ],
        })
      ).status,
    ).toBe(200)
    orderId = (
      await t.db.db
        .selectFrom('orders')
        .select('id')
        .where('order_no', '=', orderNo)
        .executeTakeFirstOrThrow()
    ).id
  })

  it('adds, edits, audits (reject, pass), re-opens on edit and removes a record', async () => {
    const added = await save('staff', `Save${kind}`, {
      insertRecords: [{ OrderId: orderId, ...insert }],
    })
    expect(added.body.data).toMatchObject({ inserted: 1, updated: 0, removed: 0 })
    const [row] = (await rowsOf(kind, orderId)).result
    id = row!.Id
    expect(row).toMatchObject({ ...stored, OrderNo: orderNo, AuditStatus: 0 })

    // edit: the changed fields, the rest kept, totals recomputed
    const edited = await save('staff', `Save${kind}`, { updateRecords: [{ Id: id, ...update }] })
    expect(edited.body.data).toMatchObject({ inserted: 0, updated: 1, removed: 0 })
    const afterEdit = (await rowsOf(kind, orderId)).result[0]!
    expect(afterEdit).toMatchObject({ ...stored, ...update, Id: id })
    if (total !== undefined) expect(afterEdit.TotalSum).toBe(total)

    // audit: only auditors; a rejection needs its comment
    const reject = {
      updateRecords: [{ Id: id, AuditStatus: -1, AuditComment: `${kind} 数量不符` }],
    }
    expect((await save('staff', `Audit${kind}`, reject)).status).toBe(403)
    expect((await save('editor', `Audit${kind}`, reject)).status).toBe(403)
    const noComment = await save('admin', `Audit${kind}`, {
      updateRecords: [{ Id: id, AuditStatus: -1 }],
    })
    expect(noComment.status).toBe(400)
    expect(noComment.body.errors).toEqual({
      'postData.updateRecords.0.AuditComment': '此项为必填项',
    })
    const noticesBefore = (await noticesOf(orderNo)).length
    expect((await save('admin', `Audit${kind}`, reject)).body.data).toMatchObject({
      inserted: 0,
      updated: 1,
      removed: 0,
    })
    const rejected = (await rowsOf(kind, orderId)).result[0]!
    expect(rejected).toMatchObject({ AuditStatus: -1, AuditComment: `${kind} 数量不符` })
    expect(rejected.AuditTimeString).not.toBe('')
    expect(
      (await call('staff', `${kind}/GetList`, { orderId, auditStatus: -1 })).body.data,
    ).toMatchObject({ total: 1 })
    const notices = await noticesOf(orderNo)
    if (notice === undefined) expect(notices).toHaveLength(noticesBefore)
    else {
      expect(notices).toHaveLength(noticesBefore + 1)
      expect(notices.at(-1)).toMatchObject({ create_type: notice })
      expect(notices.at(-1)!.msg).toContain('数量不符')
    }

    // an edit puts an audited record back to pending review
    expect(
      (await save('staff', `Save${kind}`, { updateRecords: [{ Id: id, Quantity: 61 }] })).status,
    ).toBe(200)
    expect((await rowsOf(kind, orderId)).result[0]).toMatchObject({ Quantity: 61, AuditStatus: 0 })
    expect(
      (
        await save('admin', `Audit${kind}`, {
          updateRecords: [{ Id: id, AuditStatus: 1, AuditComment: '' }],
        })
      ).status,
    ).toBe(200)
    expect((await rowsOf(kind, orderId)).result[0]).toMatchObject({ AuditStatus: 1 })

    // unknown ids are refused and change nothing
    const ghost = await save('admin', `Audit${kind}`, {
      updateRecords: [{ Id: 999_999, AuditStatus: 1 }],
    })
    expect(ghost.status).toBe(400)
    expect(Object.keys(ghost.body.errors ?? {})).toEqual(['postData.updateRecords.0.Id'])
    const ghostEdit = await save('staff', `Save${kind}`, {
      updateRecords: [
        { Id: id, Quantity: 70 },
        { Id: 999_999, Quantity: 1 },
      ],
    })
    expect(ghostEdit.status).toBe(400)
    expect((await rowsOf(kind, orderId)).result[0]).toMatchObject({ Quantity: 61, AuditStatus: 1 })

    // remove
    expect((await save('staff', `Save${kind}`, { removeRecords: [{ Id: id }] })).body.data).toEqual(
      { inserted: 0, updated: 0, removed: 1 },
    )
    expect((await rowsOf(kind, orderId)).total).toBe(0)
    const again = await save('staff', `Save${kind}`, { removeRecords: [{ Id: id }] })
    expect(again.status).toBe(400)
    expect(Object.keys(again.body.errors ?? {})).toEqual(['postData.removeRecords.0.Id'])
    // the order itself stays
    expect((await call('staff', 'Order/GetList', { orderNo })).body.data).toMatchObject({
      total: 1,
    })
  })
})
