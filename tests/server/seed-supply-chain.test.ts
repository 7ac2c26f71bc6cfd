import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'
import { post } from './helpers/system-calls.ts'

/*
 * A fresh install shows realistic rows on every supplier screen: quality, warehouse and finance
 * too (before, three empty grids), tied to the demo orders' purchases and shipments.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('the demo quality, warehouse and finance rows', () => {
  it('fill the three screens through their list calls', async () => {
    const token = await signIn(t.app, 'admin')
    for (const call of ['Quality/GetList', 'Warehouse/GetList', 'Finance/GetList']) {
      const res = await post(t, token, call, { pageIndex: 1, pageSize: 10 })
      expect(res.status, call).toBe(200)
      const data = res.data as { total: number; result: unknown[] }
      expect(data.total, call).toBeGreaterThan(20)
      expect(data.result.length, call).toBe(10)
    }
  })

  it('are consistent: passed parts within the inspected, in and out of stock, totals of quantity and price, nothing in the future', async () => {
    const db = t.db.db
    const now = Date.now()
    const quality = await db.selectFrom('quality').selectAll().execute()
    expect(quality.every((q) => q.qualified_quantity <= q.quantity && q.quantity > 0)).toBe(true)
    expect(quality.some((q) => q.item.startsWith('来料检验'))).toBe(true)
    expect(quality.some((q) => q.item.startsWith('成品终检'))).toBe(true)
    const moves = await db.selectFrom('warehouse').selectAll().execute()
    expect(new Set(moves.map((m) => m.direction))).toEqual(new Set([1, 2]))
    const finance = await db.selectFrom('finance').selectAll().execute()
    expect(new Set(finance.map((f) => f.entry_type))).toEqual(new Set([1, 2]))
    for (const f of finance)
      expect(Math.abs(f.total_sum - f.quantity * f.unit_price)).toBeLessThan(0.01)
    for (const d of [
      ...quality.map((q) => q.inspect_date),
      ...moves.map((m) => m.move_date),
      ...finance.map((f) => f.entry_date),
    ])
      expect(Date.parse(d)).toBeLessThan(now)
    // every row belongs to an approved demo order
    const orders = new Set(
      (await db.selectFrom('orders').select('id').where('audit_status', '=', 1).execute()).map(
        (o) => o.id,
      ),
    )
    for (const r of [...quality, ...moves, ...finance]) expect(orders.has(r.order_id)).toBe(true)
    // the newest entries still await approval, the older ones are approved
    expect(new Set(quality.map((q) => q.audit_status))).toEqual(new Set([0, 1]))
  })

  it('gives every demo order a customer area', async () => {
    const areas = await t.db.db.selectFrom('orders').select('customer_area').execute()
    expect(areas.every((a) => /^\d{6},\d{6},\d{6}$/.test(a.customer_area))).toBe(true)
  })
})
