import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest } from '#server/db/migrate'
import { openPostgres } from '#server/db/open'
import { createPgListener } from '#server/realtime/pg-listener'
import { freezeProxy } from '../../scripts/faults/freeze-proxy.ts'
import {
  createPgDatabase,
  createTestApp,
  postgresForTests,
  sessionToken,
  type TestApp,
} from './helpers/test-app.ts'

/**
 * PostgreSQL hangs rather than going away: a proxy in front of it stops forwarding bytes in
 * both directions and closes nothing, as a network partition or a frozen VM does (the open
 * pooled connections stay open, new ones are accepted and get no answer). Calls must still
 * answer, 503 with the translated message, within the query bound (DATABASE_QUERY_TIMEOUT_SECONDS,
 * short here); `/readyz` 503, `/healthz` 200; once the host answers again the same app saves
 * again, and every save acknowledged before, during and after is stored.
 */
type Proxy = Awaited<ReturnType<typeof freezeProxy>>
let proxy: Proxy
let t: TestApp
let token: string

const until = async (what: string, ok: () => Promise<boolean>, limitMs = 45_000) => {
  const end = Date.now() + limitMs
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`never: ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

beforeAll(async () => {
  const server = new URL(postgresForTests())
  proxy = await freezeProxy({ host: server.hostname, port: Number(server.port || 5432) })
  t = await createTestApp(
    {
      SEED_DEMO: 'false',
      DATABASE_QUERY_TIMEOUT_SECONDS: '2',
      DATABASE_CONNECT_TIMEOUT_SECONDS: '2',
    },
    { pgBase: proxy.through(server.toString()) },
  )
  token = await sessionToken(t, 'staff')
})
afterAll(async () => {
  proxy?.thaw()
  await t?.close()
  await proxy?.close()
})

const api = (url: string, payload: unknown, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    headers: { authorization: `Bearer ${token}`, lang },
    payload: payload as Record<string, unknown>,
  })
const figure = async (name: string) => {
  const text = await t.app.metrics.registry.metrics()
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1])
}
let n = 0
const acknowledged: string[] = []
/** Saves one new order; remembers its number when the answer says it was stored. */
const saveOrder = async (lang = 'en') => {
  const no = `HANG-${++n}`
  const res = await api(
    'PostData/PostCommon',
    {
      postUrl: 'SaveOrder',
      postData: { insertRecords: [{ OrderNo: no, Customer: 'c', PartName: 'p', Quantity: 1 }] },
    },
    lang,
  )
  if (res.statusCode === 200) acknowledged.push(no)
  return res
}
const unreachable = {
  en: { code: 503, msg: 'The database cannot be reached, try again in a moment', data: null },
  zh: { code: 503, msg: '暂时无法连接数据库，请稍后再试', data: null },
}

describe('a database host that hangs', () => {
  it('answers 503 while it hangs, serves again by itself once it answers, loses nothing acknowledged', async () => {
    expect((await saveOrder()).statusCode).toBe(200)
    expect((await api('Order/GetList', { pageSize: 5 })).statusCode).toBe(200)
    expect((await t.app.inject('/readyz')).statusCode).toBe(200)
    // the server side holds the same bounds (a statement; a session idle inside a transaction)
    const shown = async (name: string) =>
      (await sql<Record<string, string>>`show ${sql.raw(name)}`.execute(t.db.db)).rows[0]![name]
    expect(await shown('statement_timeout')).toBe('2s')
    expect(await shown('idle_in_transaction_session_timeout')).toBe('1min')
    // a transaction holds a row lock on a pooled connection when the host stops answering
    const first = await t.db.db
      .selectFrom('orders')
      .select('id')
      .where('order_no', '=', 'HANG-1')
      .executeTakeFirstOrThrow()
    const stuck = t.db.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('orders')
        .set({ customer: 'never' })
        .where('id', '=', first.id)
        .execute()
      proxy.freeze()
      await sql`select 2`.execute(trx)
    })
    await expect(stuck).rejects.toThrow()

    const save = await saveOrder()
    expect([save.statusCode, save.json()]).toEqual([503, { ...unreachable.en, cause: 'database' }])
    const list = await api('Order/GetList', { pageSize: 5 }, 'zh')
    expect([list.statusCode, list.json()]).toEqual([503, { ...unreachable.zh, cause: 'database' }])
    // more calls at once than the pool has clients: none is left waiting on a stuck one
    const burst = await Promise.all(Array.from({ length: 14 }, () => saveOrder()))
    expect(burst.map((r) => r.statusCode)).toEqual(Array(14).fill(503))
    const ready = await t.app.inject({ url: '/readyz', headers: { lang: 'en' } })
    expect([ready.statusCode, ready.json()]).toEqual([
      503,
      { ...unreachable.en, cause: 'database' },
    ])
    expect((await t.app.inject('/healthz')).statusCode).toBe(200)
    expect(t.db.state.up).toBe(false)
    await expect.poll(() => figure('forgeline_db_up')).toBe(0)

    proxy.thaw()
    await until('a save stored again', async () => (await saveOrder()).statusCode === 200)
    for (let i = 0; i < 5; i++) expect((await saveOrder()).statusCode).toBe(200)
    expect((await api('Order/GetList', { pageSize: 5 })).statusCode).toBe(200)
    await until('ready again', async () => (await t.app.inject('/readyz')).statusCode === 200)
    expect(t.db.state.up).toBe(true)

    // the transaction cut by the hang rolled back on the server and freed its lock
    const row = await t.db.db
      .updateTable('orders')
      .set({ customer: 'c' })
      .where('id', '=', first.id)
      .returning('customer')
      .executeTakeFirstOrThrow()
    expect(row.customer).toBe('c')
    const stored = await t.db.db
      .selectFrom('orders')
      .select('order_no')
      .where('order_no', 'like', 'HANG-%')
      .execute()
    const numbers = new Set(stored.map((r) => r.order_no))
    expect(acknowledged.filter((no) => !numbers.has(no))).toEqual([])
    expect(acknowledged.length).toBeGreaterThanOrEqual(7)
  }, 120_000)
})

describe('the LISTEN connection on a host that hangs', () => {
  it('notices the silence by its ping, reconnects once the host answers, and hears notices again', async () => {
    const db = await createPgDatabase(postgresForTests())
    const listening: boolean[] = []
    const got: string[] = []
    const warnings: string[] = []
    let reconnects = 0
    const listener = createPgListener({
      url: proxy.through(db.url),
      channel: 'fl_hang',
      log: { warn: (_o: unknown, m: string) => void warnings.push(m) } as unknown as Parameters<
        typeof createPgListener
      >[0]['log'],
      onMessage: (p) => void got.push(p),
      onReconnect: async () => void reconnects++,
      onListening: (l) => void listening.push(l),
      timeouts: { queryMs: 500, connectMs: 500 },
      heartbeatMs: 300,
    })
    const notify = async (payload: string) => {
      const c = new pg.Client({ connectionString: db.url })
      await c.connect()
      await c.query(`select pg_notify('fl_hang', $1)`, [payload])
      await c.end()
    }
    try {
      await listener.start()
      await notify('before')
      await until('first notice', async () => got.includes('before'))

      proxy.freeze()
      await until('silence noticed', async () => listening.at(-1) === false)
      expect(warnings).toContain('realtime: LISTEN connection does not answer, reconnecting')
      // attempts made while it hangs fail by their own connect bound, and are retried
      await until('a reconnect attempt failed', async () =>
        warnings.includes('realtime: could not LISTEN, retrying'),
      )
      proxy.thaw()
      await until('listening again', async () => listening.at(-1) === true)
      expect(reconnects).toBe(1)
      await notify('after')
      await until('notice after the hang', async () => got.includes('after'))
    } finally {
      proxy.thaw()
      await listener.close()
      await db.drop()
    }
  }, 120_000)
})

describe('long operations under the bound', () => {
  it('a migration slower than the query bound runs to its end; a plain query that slow does not', async () => {
    const base = await createPgDatabase(postgresForTests())
    const db = await openPostgres(base.url, { timeouts: { queryMs: 1000, connectMs: 2000 } })
    try {
      await expect(sql`select pg_sleep(2.5)`.execute(db.db)).rejects.toThrow()
      await migrateToLatest(db.db, 'postgres', {
        'slow-one': { up: async (trx) => void (await sql`select pg_sleep(2.5)`.execute(trx)) },
      })
      const row = await sql<{ name: string }>`select name from kysely_migration`.execute(db.db)
      expect(row.rows.map((r) => r.name)).toEqual(['slow-one'])
    } finally {
      await db.close()
      await base.drop()
    }
  }, 60_000)
})
