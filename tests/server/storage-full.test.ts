import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app'
import { loadConfig } from '#server/config'
import { createTestApp, sessionToken, type TestApp } from './helpers/test-app.ts'

/**
 * A full disk is named and survived, on both databases: a write answers HTTP 507 with the
 * translated "storage is full" message and `cause: storage`, logged once with its cause (no
 * flood of rollback errors); reads keep working; `/readyz` answers 503 while writes fail; writes
 * resume by themselves when space returns; nothing acknowledged is lost. The disk is filled for
 * real as far as a test can: SQLite refuses new pages past `max_page_count` (SQLITE_FULL, the
 * error of a full disk), PostgreSQL's insert fails with `disk_full` (53100) from a trigger.
 */
let t: TestApp
let app: TestApp['app']
let token: string
const lines: string[] = []

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  const config = loadConfig({
    LOG_LEVEL: 'info',
    DATA_DIR: t.dataDir,
    CLIENT_DIR: t.config.clientDir,
    ...(t.db.dialect === 'postgres' ? { DATABASE_URL: t.config.databaseUrl! } : {}),
  })
  app = await buildApp(
    { config, db: t.db, sms: t.sms },
    { logStream: { write: (l) => void lines.push(l) } },
  )
  await app.ready()
  token = await sessionToken(t, 'staff')
})
afterAll(async () => {
  await app?.close()
  await t?.close()
})

/** A figure of the app's Prometheus registry (what METRICS_PORT serves). */
const figure = async (name: string) => {
  const text = await app.metrics.registry.metrics()
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1])
}

let n = 0
const saveOrder = async (lang = 'en') => {
  const orderNo = `FULL-${++n}`
  const res = await app.inject({
    method: 'POST',
    url: '/api/PostData/PostCommon',
    headers: { authorization: `Bearer ${token}`, lang },
    payload: {
      postUrl: 'SaveOrder',
      postData: {
        insertRecords: [{ OrderNo: orderNo, Customer: 'c'.repeat(40), PartName: 'p', Quantity: 1 }],
      },
    },
  })
  return { orderNo, status: res.statusCode, body: res.json() as Record<string, unknown> }
}
const stored = async (orderNos: string[]) =>
  (
    await t.db.db
      .selectFrom('orders')
      .select('order_no')
      .where('order_no', 'in', orderNos)
      .execute()
  ).map((r) => r.order_no)

/** Makes the database refuse new data as a full disk does; the returned function frees it. */
async function fillStorage(): Promise<() => Promise<void>> {
  if (t.db.dialect === 'sqlite') {
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(t.db.db)
    await sql.raw(`pragma max_page_count = ${pages.rows[0]!.page_count}`).execute(t.db.db)
    return async () => void (await sql.raw('pragma max_page_count = 1073741823').execute(t.db.db))
  }
  await sql
    .raw(
      `create or replace function fl_test_full() returns trigger language plpgsql as $$
       begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$;
       create trigger fl_test_full before insert on orders for each row execute function fl_test_full()`,
    )
    .execute(t.db.db)
  return async () => void (await sql.raw('drop trigger fl_test_full on orders').execute(t.db.db))
}

describe('a full storage', () => {
  it('answers 507 with the cause, logs it once, keeps reads and readiness honest, then resumes', async () => {
    const acknowledged: string[] = []
    const first = await saveOrder()
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    acknowledged.push(first.orderNo)
    expect((await app.inject('/readyz')).statusCode).toBe(200)
    await expect.poll(() => figure('forgeline_ready')).toBe(1)
    expect(await figure('forgeline_storage_full_refusals_total')).toBe(0)

    const free = await fillStorage()
    // the free-space check sees a full disk too (the data folder's disk is not really full here)
    t.db.state.freeSpace = async () => (t.db.dialect === 'sqlite' ? 0 : Infinity)
    t.db.state.calmMs = 60_000
    lines.length = 0
    const refused: Array<Awaited<ReturnType<typeof saveOrder>>> = []
    for (let i = 0; i < 200 && refused.length < 5; i++) {
      const r = await saveOrder(refused.length % 2 ? 'zh' : 'en')
      if (r.status === 200) acknowledged.push(r.orderNo)
      else refused.push(r)
    }
    expect(refused.map((r) => r.status)).toEqual([507, 507, 507, 507, 507])
    expect(refused[0]!.body).toEqual({
      code: 507,
      msg: "The server's storage is full: tell your administrator",
      data: null,
      cause: 'storage',
    })
    expect(refused[1]!.body.msg).toBe('服务器存储空间已满，请联系管理员')

    // logged once, with the cause, and never as a failed rollback
    const logged = lines.filter((l) => l.includes('storage full'))
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatch(/SQLITE_FULL|53100|full/)
    expect(lines.join('\n')).not.toMatch(/cannot rollback|unhandled error/)

    // reads keep working; the balancer is told to look elsewhere
    const list = await app.inject({
      method: 'POST',
      url: '/api/Order/GetList',
      headers: { authorization: `Bearer ${token}` },
      payload: { pageSize: 5 },
    })
    expect(list.statusCode).toBe(200)
    const ready = await app.inject({ url: '/readyz', headers: { lang: 'en' } })
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toMatchObject({ code: 503, cause: 'storage' })
    expect((await app.inject('/healthz')).statusCode).toBe(200)
    await expect.poll(() => figure('forgeline_ready')).toBe(0)
    await expect.poll(() => figure('forgeline_db_up')).toBe(1)
    expect(await figure('forgeline_storage_full_refusals_total')).toBe(5)

    // space returns: writes go through by themselves, readiness returns
    await free()
    t.db.state.freeSpace = async () => Infinity
    t.db.state.calmMs = 0
    const again = await saveOrder()
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    acknowledged.push(again.orderNo)
    expect((await app.inject('/readyz')).statusCode).toBe(200)
    await new Promise((r) => setTimeout(r, 150)) // the gauges' last check is kept 100 ms
    await expect.poll(() => figure('forgeline_ready')).toBe(1)

    // nothing acknowledged is lost, nothing refused was stored, the file is sound
    expect((await stored(acknowledged)).sort()).toEqual([...acknowledged].sort())
    expect(await stored(refused.map((r) => r.orderNo))).toEqual([])
    if (t.db.dialect === 'sqlite') {
      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(t.db.db)
      expect(check.rows).toEqual([{ integrity_check: 'ok' }])
    }
  })
})
