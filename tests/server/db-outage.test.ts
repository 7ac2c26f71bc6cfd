import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres } from '#server/db/open'
import { openWhenReachable } from '#server/db/open-retry'
import { createPgListener } from '#server/realtime/pg-listener'
import { outageProxy } from './helpers/outage-proxy.ts'
import {
  createPgDatabase,
  createTestApp,
  postgresForTests,
  sessionToken,
  type TestApp,
} from './helpers/test-app.ts'

/**
 * PostgreSQL goes away and comes back (a proxy in front of it resets every connection and
 * refuses new ones, as a stopped server does). No client of the process may end it: a pooled
 * client checked out mid-transaction, an idle one, the LISTEN connection (each emits 'error';
 * an 'error' nobody listens to would fail this file as an uncaught exception). While it is away
 * `/readyz` answers 503, `/healthz` 200, API calls 503 with the translated message; once it is
 * back the app serves again by itself, and the LISTEN connection listens again.
 */
type Proxy = Awaited<ReturnType<typeof outageProxy>>
let proxy: Proxy
let base: { url: string; drop: () => Promise<void> }
let t: TestApp
let token: string
let clientDir = ''

const until = async (what: string, ok: () => Promise<boolean>, limitMs = 30_000) => {
  const end = Date.now() + limitMs
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`never: ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

beforeAll(async () => {
  const server = new URL(postgresForTests())
  proxy = await outageProxy({ host: server.hostname, port: Number(server.port || 5432) })
  base = { url: proxy.through(server.toString()), drop: async () => {} }
  // a stand-in build of the client (the shell), so public pages render
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-outage-'))
  fs.mkdirSync(path.join(clientDir, '.vite'))
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html>\n<html lang="zh-CN">\n<head>\n<meta charset="UTF-8" />\n<title>shell</title>\n</head>\n<body>\n<div id="root"></div>\n</body>\n</html>\n',
  )
  fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), '{}')
  t = await createTestApp({ SEED_DEMO: 'false', CLIENT_DIR: clientDir }, { pgBase: base.url })
  token = await sessionToken(t, 'staff')
})
afterAll(async () => {
  await proxy?.restore().catch(() => {})
  await t?.close()
  await proxy?.close()
  fs.rmSync(clientDir, { recursive: true, force: true })
})

const api = (url: string, payload: unknown, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    headers: { authorization: `Bearer ${token}`, lang },
    payload: payload as Record<string, unknown>,
  })
/** A figure of the app's Prometheus registry (what METRICS_PORT serves). */
const figure = async (name: string) => {
  const text = await t.app.metrics.registry.metrics()
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1])
}
let n = 0
const saveOrder = (lang = 'en') =>
  api(
    'PostData/PostCommon',
    {
      postUrl: 'SaveOrder',
      postData: {
        insertRecords: [{ OrderNo: `OUT-${++n}`, Customer: 'c', PartName: 'p', Quantity: 1 }],
      },
    },
    lang,
  )

describe('the database goes away and returns', () => {
  it('keeps the process alive, answers 503 while away, serves again by itself', async () => {
    expect((await saveOrder()).statusCode).toBe(200)
    expect((await t.app.inject('/readyz')).statusCode).toBe(200)
    const page = await t.app.inject('/aboutus')
    expect(page.statusCode).toBe(200)
    // a transaction holds a checked-out client when the connections are cut
    const inFlight = t.db.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx)
      await proxy.cut()
      await sql`select 2`.execute(trx)
    })
    await expect(inFlight).rejects.toThrow()

    const ready = await t.app.inject({ url: '/readyz', headers: { lang: 'en' } })
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toEqual({
      code: 503,
      msg: 'The database cannot be reached, try again in a moment',
      data: null,
      cause: 'database',
    })
    expect((await t.app.inject('/healthz')).statusCode).toBe(200)
    // a public page rendered before comes from the render cache
    const cached = await t.app.inject('/aboutus')
    expect([cached.statusCode, cached.body]).toEqual([200, page.body])
    const list = await api('Order/GetList', { pageSize: 5 }, 'zh')
    expect(list.statusCode).toBe(503)
    expect(list.json()).toEqual({
      code: 503,
      msg: '暂时无法连接数据库，请稍后再试',
      data: null,
      cause: 'database',
    })
    const save = await saveOrder()
    expect(save.statusCode).toBe(503)
    expect(save.json()).toMatchObject({ code: 503, cause: 'database' })
    expect(t.db.state.up).toBe(false)
    await expect.poll(() => figure('forgeline_db_up')).toBe(0)
    await expect.poll(() => figure('forgeline_ready')).toBe(0)

    await proxy.restore()
    await until('ready again', async () => (await t.app.inject('/readyz')).statusCode === 200)
    expect((await saveOrder()).statusCode).toBe(200)
    expect(t.db.state.up).toBe(true)
    await new Promise((r) => setTimeout(r, 150)) // the gauges' last check is kept 100 ms
    await expect.poll(() => figure('forgeline_db_up')).toBe(1)
    await expect.poll(() => figure('forgeline_ready')).toBe(1)
  })
})

describe('the LISTEN connection', () => {
  it('survives its connection being cut and listens again once the database returns', async () => {
    const db = await createPgDatabase(postgresForTests())
    const listening: boolean[] = []
    const got: string[] = []
    let reconnects = 0
    const warnings: string[] = []
    const log = {
      warn: (_o: unknown, m: string) => void warnings.push(m),
    } as unknown as Parameters<typeof createPgListener>[0]['log']
    const listener = createPgListener({
      url: proxy.through(db.url),
      channel: 'fl_outage',
      log,
      onMessage: (p) => void got.push(p),
      onReconnect: async () => void reconnects++,
      onListening: (l) => void listening.push(l),
    })
    const notify = async (payload: string) => {
      const c = new pg.Client({ connectionString: db.url })
      await c.connect()
      await c.query(`select pg_notify('fl_outage', $1)`, [payload])
      await c.end()
    }
    try {
      await listener.start()
      expect(listening).toEqual([true])
      await notify('before')
      await until('first notice', async () => got.includes('before'))

      await proxy.cut()
      await until('lost', async () => listening.at(-1) === false)
      expect(warnings.some((w) => w.includes('reconnecting'))).toBe(true)
      await new Promise((r) => setTimeout(r, 1500))
      await proxy.restore()
      await until('listening again', async () => listening.at(-1) === true)
      expect(reconnects).toBe(1)
      await notify('after')
      await until('notice after the outage', async () => got.includes('after'))
    } finally {
      await listener.close()
      await db.drop()
    }
  })
})

describe('starting while the database is away', () => {
  it('waits, one line per attempt, and opens once it returns', async () => {
    await proxy.cut()
    const lines: string[] = []
    const url = proxy.through(postgresForTests())
    const opening = openWhenReachable(() => openPostgres(url), {
      where: 'test',
      log: (l) => void lines.push(l),
      firstDelayMs: 200,
      maxDelayMs: 400,
    })
    await until('three attempts', async () => lines.length >= 3)
    expect(lines[0]).toMatch(/cannot be reached \(ECONNREFUSED\); trying again in .* \(attempt 1\)/)
    await proxy.restore()
    const db = await opening
    try {
      await db.ping()
      expect(lines.at(-1)).toMatch(/answers: starting/)
    } finally {
      await db.close()
    }
  })

  it('gives up at once on a failure waiting cannot fix (a database that does not exist)', async () => {
    const u = new URL(postgresForTests())
    u.pathname = '/no_such_database_here'
    const lines: string[] = []
    await expect(
      openWhenReachable(() => openPostgres(u.toString()), {
        where: 'test',
        log: (l) => void lines.push(l),
      }),
    ).rejects.toMatchObject({ code: '3D000' })
    expect(lines).toEqual([])
  })
})
