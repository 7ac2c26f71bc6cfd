import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { WsServerMessage } from '#shared/contract/notices'
import { buildApp } from '#server/app'
import { openPostgres } from '#server/db/open'
import { hashToken, issueTokens, revokeFamily } from '#server/modules/auth/session-repository'
import { createHub } from '#server/realtime/hub'
import { sweep } from '#server/realtime/liveness'
import { createTestApp, postgresForTests, type TestApp } from './helpers/test-app.ts'

type App = TestApp['app']
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
async function until(check: () => boolean, ms = 2000) {
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

async function tokenOf(t: TestApp, login: string) {
  const u = await t.db.db
    .selectFrom('users')
    .select('id')
    .where('login_name', '=', login)
    .executeTakeFirstOrThrow()
  const s = { userId: u.id, ip: '127.0.0.1', accessTtl: 600, refreshTtl: 3600 }
  return (await issueTokens(t.db.db, s)).Token
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(() => t.close())

describe('across instances', () => {
  it(
    'delivers a notice created on instance A to a client of instance B (PostgreSQL LISTEN/NOTIFY)',
    async () => {
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
        // once per socket: an instance does not deliver its own notice again via LISTEN
        await sleep(300)
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
    },
  )
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
      const res = await t.app.inject({ url: '/api/logout', headers: { authorization: `Bearer ${leaving}` } })
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
        client: { socket: socket as unknown as WebSocket, lang: 'zh' as const, alive: true, ip: '127.0.0.1', maxQueuedBytes: 1 << 20 },
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
