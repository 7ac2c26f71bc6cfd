import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { statementCounter } from './helpers/statement-counter.ts'
import { postCommon } from './helpers/system-calls.ts'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * The cost of the row-version check (DESIGN §11): on the fast path (the version sent is the
 * stored one) it is one compare-and-set statement per saved record and no read of the history;
 * an update without a version costs the same one statement (raising the version).
 */
const counter = statementCounter()
let t: TestApp
let admin: string
beforeAll(async () => {
  t = await createTestApp({}, { wrapDb: (db) => ({ ...db, db: db.db.withPlugin(counter.plugin) }) })
  admin = await signIn(t.app, 'admin')
})
afterAll(() => t.close())

async function orders(n: number): Promise<number[]> {
  const r = await postCommon(t, admin, 'SaveOrder', {
    insertRecords: Array.from({ length: n }, (_, i) => ({
      OrderNo: `ST-${Math.random()}-${i}`,
      Customer: 'C',
      PartName: 'P',
      Quantity: 1,
    })),
  })
  expect(r.status).toBe(200)
  const rows = await t.db.db
    .selectFrom('orders')
    .select('id')
    .orderBy('id', 'desc')
    .limit(n)
    .execute()
  return rows.map((x) => x.id)
}

/** The statements of a save that touch the saved rows or their history (not sign-in or logs). */
const update = async (ids: number[], version: boolean, remark: string) =>
  (
    await counter.during(async () => {
      const r = await postCommon(t, admin, 'SaveOrder', {
        updateRecords: ids.map((Id) => ({
          Id,
          Remark: remark,
          ...(version ? { RowVersion: 1 } : {}),
        })),
      })
      expect(r.status, JSON.stringify(r)).toBe(200)
    })
  ).filter((x) => x.includes('orders') || x.includes('record_history'))

describe('statements of the row-version check', () => {
  it('the fast path adds one statement per saved record and reads no history', async () => {
    const few = await update(await orders(1), true, 'a')
    const many = await update(await orders(11), true, 'a')
    // per record: the compare-and-set, then the save's own read and update of the row
    expect((many.length - few.length) / 10).toBe(3)
    // the history is written (one batch), never read on the fast path
    expect(many.filter((x) => x.includes('record_history'))).toHaveLength(1)
  })

  it('an update without a version costs as many statements as one with the current version', async () => {
    const withVersion = await update(await orders(5), true, 'b')
    const without = await update(await orders(5), false, 'b')
    expect(withVersion.length).toBe(without.length)
  })
})
