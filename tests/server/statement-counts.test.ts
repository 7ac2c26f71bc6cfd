import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { statementCounter } from './helpers/statement-counter.ts'
import { post, postCommon } from './helpers/system-calls.ts'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * Statements per request. On PostgreSQL every one is a round trip: sign-in state
 * (session, user, role, abilities, screens, permissions) is ONE statement, the roles row read once,
 * and none at all once the token's state is in the sign-in cache (both databases).
 */
const counter = statementCounter()
let t: TestApp
let staff: string
beforeAll(async () => {
  t = await createTestApp({}, { wrapDb: (db) => ({ ...db, db: db.db.withPlugin(counter.plugin) }) })
  staff = await signIn(t.app, 'staff')
})
afterAll(() => t.close())

const pg = () => t.db.dialect === 'postgres'
const naming = (s: string[][], table: string) => s.filter((tables) => tables.includes(table)).length

async function call(path: string, body: Record<string, unknown>) {
  return counter.during(async () => {
    const r = await post(t, staff, path, body)
    expect(r.status, JSON.stringify(r)).toBe(200)
  })
}

describe('statements per request', () => {
  it('the order list: sign-in state in one statement, the roles row read once', async () => {
    t.db.signIns.clear()
    const cold = await call('Order/GetList', { pageIndex: 1, pageSize: 20 })
    // a token not cached: its sign-in state is one statement, naming `roles` once
    expect(naming(cold, 'sessions')).toBe(1)
    expect(cold.filter((x) => x.includes('roles')).every((x) => x.includes('sessions'))).toBe(true)
    const s = await call('Order/GetList', { pageIndex: 1, pageSize: 20 })
    // cached sign-in state: PostgreSQL the page and its (capped) total; SQLite the read cache answers
    expect(s.length, JSON.stringify(s)).toBe(pg() ? 2 : 0)
    expect(naming(s, 'roles')).toBe(0)
    expect(naming(s, 'sessions')).toBe(0)
  })

  it('a change to the sign-in tables empties the cache: the next request reads the state again', async () => {
    await call('Order/GetList', { pageIndex: 1, pageSize: 20 })
    expect(naming(await call('Order/GetList', { pageIndex: 1, pageSize: 20 }), 'sessions')).toBe(0)
    await t.db.db
      .updateTable('roles')
      .set({ name_en: 'Staff (renamed)' })
      .where('code', '=', 'staff')
      .execute()
    const s = await call('Order/GetList', { pageIndex: 1, pageSize: 20 })
    expect(naming(s, 'sessions'), JSON.stringify(s)).toBe(1)
  })

  it('the notice badge (one unread row with the count)', async () => {
    await call('Notice/GetList', { pageIndex: 1, pageSize: 1, isAll: false })
    const s = await call('Notice/GetList', { pageIndex: 1, pageSize: 1, isAll: false })
    // the unread count, the page (the sign-in state cached): no audience look-up of role
    // screens (taken from the sign-in state)
    expect(s.length, JSON.stringify(s)).toBe(2)
    expect(naming(s, 'roles')).toBe(0)
    expect(naming(s, 'role_menu')).toBe(0)
  })

  it('one save of 20 new orders', async () => {
    let serial = 0
    const save = (n: number) =>
      counter.during(async () => {
        const insertRecords = Array.from({ length: n }, () => ({
          OrderNo: `SC-${++serial}`,
          Customer: 'Count Co',
          PartName: 'Count part',
          Quantity: 1,
          UnitPrice: 1,
        }))
        const r = await postCommon(t, staff, 'SaveOrder', { insertRecords })
        await t.app.push.idle()
        expect(r.status, JSON.stringify(r)).toBe(200)
      })
    await save(1)
    const s = await save(20)
    // per record: the order-number check, the order, its notice and recipients, the Web Push
    // look-up (after the answer), on PostgreSQL the pg_notify; once: the grid permissions (inside the
    // transaction), history, the audience (roles, role_menu, users), the log line (the sign-in
    // state is cached); on PostgreSQL once more, the pg_notify of the saved records' versions
    expect(s.length, JSON.stringify(s.map((x) => x[0] ?? 'raw'))).toBe(pg() ? 127 : 106)
    expect(naming(s, 'roles')).toBe(2)
    expect(s.filter((x) => x[0] === 'sessions').length).toBe(0)
  })
})
