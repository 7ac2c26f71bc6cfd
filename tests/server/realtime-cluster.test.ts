import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { WsServerMessage } from '#shared/contract/notices'
import { buildApp } from '#server/app'
import pg from 'pg'
import { openPostgres } from '#server/db/open'
import { createNotice } from '#server/modules/notices/notify'
import { hashToken, revokeFamily } from '#server/modules/auth/session-repository'
import { createHub } from '#server/realtime/hub'
import { sweep } from '#server/realtime/liveness'
import { withMenu } from '#server/modules/menu/table'
import { statementCounter } from './helpers/statement-counter.ts'
import { postCommon } from './helpers/system-calls.ts'
import {
  createTestApp,
  postgresForTests,
  sessionToken,
  signIn,
  type TestApp,
} from './helpers/test-app.ts'

type App = TestApp['app']
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
/** Waits for a condition; the cap only turns a condition never met into a clear failure. */
async function until(check: () => boolean, ms = 20_000) {
  for (const end = Date.now() + ms; !check(); await sleep(10)) {
    if (Date.now() > end) throw new Error('timed out')
  }
}

/** A signed-in websocket client collecting what it receives. */
async function signedIn(app: App, token: string, query = '') {
  const { port } = app.server.address() as AddressInfo
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws${query}`)
  const inbox: WsServerMessage[] = []
  ws.on('message', (d) => inbox.push(JSON.parse(d.toString()) as WsServerMessage))
  ws.on('error', () => {})
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
  await once(ws, 'open')
  ws.send(JSON.stringify({ type: 'auth', token }))
  await until(() => inbox.some((m) => m.type === 'ready'))
  const notices = (id: number) => inbox.filter((m) => m.type === 'notice' && m.notice.Id === id)
  return { ws, inbox, closed, notices }
}

const tokenOf = sessionToken

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(() => t.close())

describe('across instances', () => {
  it('delivers a notice created on instance A to a client of instance B (PostgreSQL LISTEN/NOTIFY)', async () => {
    const t = await createTestApp({ SEED_DEMO: 'false' }, { pgBase: postgresForTests() })
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    const dbB = await openPostgres(t.config.databaseUrl!)
    const appB = await buildApp({ config: t.config, db: dbB })
    try {
      await appB.listen({ host: '127.0.0.1', port: 0 })
      const token = await tokenOf(t, 'staff')
      const onB = await signedIn(appB, token, '?lang=en')
      const onA = await signedIn(t.app, token)
      const msg = { msg: '已发货', msgEn: 'Shipped' }
      const e = await t.app.notify({ type: 3, orderId: 8, orderNo: 'SO-8', ...msg })
      await until(() => onB.notices(e.notice.id).length > 0)
      expect(onB.notices(e.notice.id)[0]).toMatchObject({
        notice: {
          Id: e.notice.id,
          Msg: 'Shipped',
          CreateType: 3,
          OrderNo: 'SO-8',
          IsRead: false,
        },
      })
      await until(() => onA.notices(e.notice.id).length > 0)
      expect(onA.notices(e.notice.id)[0]).toMatchObject({ notice: { Msg: '已发货' } })
      // and the other way round
      const e2 = await appB.notify({ type: 0, orderId: 9, orderNo: 'SO-9', msg: '采购单' })
      await until(
        () => onA.notices(e2.notice.id).length > 0 && onB.notices(e2.notice.id).length > 0,
      )
      // once per socket: an instance does not deliver its own notice again via LISTEN. Barrier:
      // a later notice from the other instance arrives by LISTEN after any echo of these would
      const fromB = await appB.notify({ type: 0, orderId: 10, orderNo: 'SO-10', msg: '屏障 B' })
      const fromA = await t.app.notify({ type: 0, orderId: 11, orderNo: 'SO-11', msg: '屏障 A' })
      await until(
        () => onA.notices(fromB.notice.id).length > 0 && onB.notices(fromA.notice.id).length > 0,
      )
      for (const c of [onA, onB]) {
        expect(c.notices(e.notice.id)).toHaveLength(1)
        expect(c.notices(e2.notice.id)).toHaveLength(1)
      }
      onA.ws.close()
      onB.ws.close()
    } finally {
      await appB.close()
      await dbB.close()
      await t.close()
    }
  })
})

describe('LISTEN connection lost', () => {
  it('reconnects and delivers the notices written while it was down', async () => {
    const base = postgresForTests()
    const a = await createTestApp({ SEED_DEMO: 'false' }, { pgBase: base })
    await a.app.listen({ host: '127.0.0.1', port: 0 })
    const dbB = await openPostgres(a.config.databaseUrl!)
    const appB = await buildApp({ config: a.config, db: dbB })
    const dbName = new URL(a.config.databaseUrl!).pathname.slice(1)
    const admin = new pg.Client({ connectionString: base })
    await admin.connect()
    const listeners = async () =>
      Number(
        (
          await admin.query(
            `select count(*) as n from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'`,
            [dbName],
          )
        ).rows[0].n,
      )
    try {
      await appB.listen({ host: '127.0.0.1', port: 0 })
      const onB = await signedIn(appB, await tokenOf(a, 'staff'))
      // B has seen a notice by LISTEN (catch-up starts after the last id it saw)
      const first = await a.app.notify({ type: 3, orderId: 20, orderNo: 'SO-20', msg: '第一条' })
      await until(() => onB.notices(first.notice.id).length > 0)
      while ((await listeners()) < 2) await sleep(50)

      // the LISTEN connections drop and cannot come back until connections are allowed again
      await admin.query(`alter database ${dbName} allow_connections false`)
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'`,
        [dbName],
      )
      while ((await listeners()) > 0) await sleep(50)
      // written while no instance listens: no NOTIFY reaches B
      const missed = await createNotice(a.db.db, {
        type: 3,
        orderId: 21,
        orderNo: 'SO-21',
        msg: '断线期间的通知',
      })
      expect(onB.notices(missed.notice.id)).toEqual([])
      await admin.query(`alter database ${dbName} allow_connections true`)

      // B reconnects on its own and catches up
      await until(() => onB.notices(missed.notice.id).length > 0)
      expect(onB.notices(missed.notice.id)).toHaveLength(1)
      expect(onB.notices(missed.notice.id)[0]).toMatchObject({
        notice: { Msg: '断线期间的通知', OrderNo: 'SO-21' },
      })
      // and LISTENs again: a notice from A arrives as before
      const after = await a.app.notify({ type: 3, orderId: 22, orderNo: 'SO-22', msg: '重连之后' })
      await until(() => onB.notices(after.notice.id).length > 0)
      expect(onB.notices(first.notice.id)).toHaveLength(1)
      onB.ws.close()
    } finally {
      await admin.query(`alter database ${dbName} allow_connections true`).catch(() => {})
      await admin.end()
      await appB.close()
      await dbB.close()
      await a.close()
    }
  })
})

describe('shutdown', () => {
  it('closes the sockets with 1001 when the app closes', async () => {
    const t2 = await createTestApp({ SEED_DEMO: 'false' })
    await t2.app.listen({ host: '127.0.0.1', port: 0 })
    const c = await signedIn(t2.app, await tokenOf(t2, 'staff'))
    await t2.close()
    expect(await c.closed).toBe(1001)
  })
})

describe('ended sessions across instances', () => {
  it('closes on instance B the socket of a session signed out on instance A (PostgreSQL bus)', async () => {
    const t = await createTestApp({ SEED_DEMO: 'false' }, { pgBase: postgresForTests() })
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    const dbB = await openPostgres(t.config.databaseUrl!)
    const appB = await buildApp({ config: t.config, db: dbB })
    try {
      await appB.listen({ host: '127.0.0.1', port: 0 })
      const [leaving, staying] = [await tokenOf(t, 'staff'), await tokenOf(t, 'admin')]
      const onB = await signedIn(appB, leaving)
      const otherOnB = await signedIn(appB, staying)
      const res = await t.app.inject({
        url: '/api/logout',
        headers: { authorization: `Bearer ${leaving}` },
      })
      expect(res.statusCode).toBe(200)
      // the 30 s sweep is far away: only the bus message can close it this soon
      expect(await onB.closed).toBe(4401)
      expect(otherOnB.ws.readyState).toBe(WebSocket.OPEN)
      otherOnB.ws.close()
    } finally {
      await appB.close()
      await dbB.close()
      await t.close()
    }
  })
})

describe('liveness', () => {
  it('terminates sockets that miss a pong and closes those whose session was revoked', async () => {
    const fake = () => {
      const calls: string[] = []
      const socket = {
        readyState: 1,
        bufferedAmount: 0,
        ping: () => calls.push('ping'),
        terminate: () => calls.push('terminate'),
        close: (code: number) => calls.push(`close ${code}`),
        send: (text: string) => calls.push((JSON.parse(text) as WsServerMessage).type),
      }
      return {
        calls,
        client: {
          socket: socket as unknown as WebSocket,
          lang: 'zh' as const,
          alive: true,
          ip: '127.0.0.1',
          maxQueuedBytes: 1 << 20,
        },
      }
    }
    const [kept, dropped] = [await tokenOf(t, 'staff'), await tokenOf(t, 'admin')]
    const sessionOf = (token: string) =>
      t.db.db
        .selectFrom('sessions')
        .select(['id', 'user_id', 'family_id'])
        .where('access_hash', '=', hashToken(token))
        .executeTakeFirstOrThrow()
    const [k, d] = [await sessionOf(kept), await sessionOf(dropped)]
    const hub = createHub()
    const quiet = fake()
    const answering = fake()
    const revoked = fake()
    for (const f of [quiet, answering, revoked]) hub.add(f.client)
    hub.authenticate(answering.client, k.user_id, k.id, k.family_id)
    hub.authenticate(revoked.client, d.user_id, d.id, d.family_id)

    await sweep(t.app, hub)
    expect([quiet.calls, answering.calls, revoked.calls]).toEqual([['ping'], ['ping'], ['ping']])
    answering.client.alive = true // their pongs arrived
    revoked.client.alive = true
    await revokeFamily(t.db.db, d.family_id)
    await sweep(t.app, hub)
    expect(quiet.calls).toEqual(['ping', 'terminate'])
    expect(answering.calls).toEqual(['ping', 'ping'])
    expect(revoked.calls).toEqual(['ping', 'ping', 'error', 'close 4401'])
    expect([...hub.clients()]).not.toContain(quiet.client)
  })
})

describe('sign-in cache across instances', () => {
  /** Instance A (the test app) and instance B on the same PostgreSQL database, B's statements counted. */
  async function twoInstances() {
    const a = await createTestApp({ SEED_DEMO: 'false' }, { pgBase: postgresForTests() })
    const counter = statementCounter()
    const opened = await openPostgres(a.config.databaseUrl!)
    const dbB = { ...opened, db: opened.db.withPlugin(counter.plugin) }
    const appB = await buildApp({ config: a.config, db: dbB })
    await appB.ready()
    // B caches only once its LISTEN connection is up
    await until(() => dbB.signIns.live)
    const onB = (token: string, path: string, payload: Record<string, unknown> = {}) =>
      appB.inject({
        method: 'POST',
        url: `/api/${path}`,
        headers: { authorization: `Bearer ${token}` },
        payload,
      })
    /** B answers twice, the second time from its cache (no `sessions` statement). */
    const cachedOnB = async (token: string, path: string) => {
      expect((await onB(token, path)).statusCode).toBe(200)
      const s = await counter.during(async () =>
        expect((await onB(token, path)).statusCode).toBe(200),
      )
      expect(s.filter((x) => x.includes('sessions'))).toEqual([])
    }
    const close = async () => {
      await appB.close()
      await opened.close()
      await a.close()
    }
    return { a, dbB, onB, cachedOnB, close }
  }

  it('a session signed out on instance A is refused by instance B, which had it cached', async () => {
    const { a, dbB, onB, cachedOnB, close } = await twoInstances()
    try {
      const [leaving, staying] = [await tokenOf(a, 'staff'), await tokenOf(a, 'admin')]
      await cachedOnB(leaving, 'Order/GetList')
      await cachedOnB(staying, 'Order/GetList')
      const seen = dbB.signIns.invalidations
      const res = await a.app.inject({
        url: '/api/logout',
        headers: { authorization: `Bearer ${leaving}` },
      })
      expect(res.statusCode).toBe(200)
      // the trigger's NOTIFY (sent at A's commit) reaches B's LISTEN connection
      await until(() => dbB.signIns.invalidations > seen)
      expect((await onB(leaving, 'Order/GetList')).statusCode).toBe(401)
      expect((await onB(staying, 'Order/GetList')).statusCode).toBe(200)
    } finally {
      await close()
    }
  })

  it('a screen removed from a role on instance A answers 403 on instance B next', async () => {
    const { a, dbB, onB, cachedOnB, close } = await twoInstances()
    try {
      const staff = await tokenOf(a, 'staff')
      await cachedOnB(staff, 'Quality/GetList')
      const admin = await signIn(a.app, 'admin')
      const quality = await withMenu(a.db.db)
        .selectFrom('menu')
        .select('id')
        .where('path', '=', '/supplier/quality')
        .executeTakeFirstOrThrow()
      const held = await a.db.db
        .selectFrom('role_menu')
        .select('menu_id')
        .where('role_code', '=', 'staff')
        .execute()
      const seen = dbB.signIns.invalidations
      const saved = await postCommon(a, admin, 'SaveRole', {
        updateRecords: [
          { Code: 'staff', MenuIds: held.map((h) => h.menu_id).filter((id) => id !== quality.id) },
        ],
      })
      expect(saved.status, JSON.stringify(saved)).toBe(200)
      await until(() => dbB.signIns.invalidations > seen)
      expect((await onB(staff, 'Quality/GetList')).statusCode).toBe(403)
      // the role's other screens still answer
      expect((await onB(staff, 'Purchase/GetList')).statusCode).toBe(200)
    } finally {
      await close()
    }
  })
})
