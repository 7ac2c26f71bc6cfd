import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { statementCounter } from './helpers/statement-counter.ts'
import { post, postCommon } from './helpers/system-calls.ts'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * Statements per request (issue 31). On PostgreSQL every one is a round trip: sign-in state
 * (session, user, role, abilities, screens, permissions) is ONE statement, the roles row read once.
 * On SQLite the sign-in state comes from the read cache once warm (0 statements).
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

describe('statements per request (issue 31)', () => {
  it('the order list: sign-in state in one statement, the roles row read once', async () => {
    await call('Order/GetList', { pageIndex: 1, pageSize: 20 }) // warms what SQLite caches
    const s = await call('Order/GetList', { pageIndex: 1, pageSize: 20 })
    // PostgreSQL: the sign-in state, the page, its (capped) total; SQLite: the cache answers
    expect(s.length, JSON.stringify(s)).toBe(pg() ? 3 : 0)
    expect(naming(s, 'roles')).toBe(pg() ? 1 : 0)
    expect(naming(s, 'sessions')).toBe(pg() ? 1 : 0)
  })

  it('the notice badge (one unread row with the count)', async () => {
    await call('Notice/GetList', { pageIndex: 1, pageSize: 1, isAll: false })
    const s = await call('Notice/GetList', { pageIndex: 1, pageSize: 1, isAll: false })
    // the sign-in state (PostgreSQL; cached on SQLite), the unread count, the page: no audience
    // look-up of role screens (taken from the sign-in state)
    expect(s.length, JSON.stringify(s)).toBe(pg() ? 3 : 2)
    expect(naming(s, 'roles')).toBe(pg() ? 1 : 0)
    expect(naming(s, 'role_menu')).toBe(pg() ? 1 : 0)
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
    // transaction), history, the audience (roles, role_menu, users), the log line, and on
    // PostgreSQL the sign-in state
    expect(s.length, JSON.stringify(s.map((x) => x[0] ?? 'raw'))).toBe(pg() ? 127 : 106)
    expect(naming(s, 'roles')).toBe(pg() ? 3 : 2)
    expect(s.filter((x) => x[0] === 'sessions').length).toBe(pg() ? 1 : 0)
  })
})
