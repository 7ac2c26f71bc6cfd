import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { WsServerMessage } from '#shared/contract/notices'
import { loadConfig } from '#server/config'
import { createHub, sendTo, type Client } from '#server/realtime/hub'
import { createTestApp, signIn, testPasswords, type TestApp } from './helpers/test-app.ts'
import { postCommon } from './helpers/system-calls.ts'

type Conn = {
  ws: WebSocket
  messages: WsServerMessage[]
  closed: Promise<{ code: number; reason: string }>
  opened: Promise<void>
}

function open(url: string): Conn {
  const ws = new WebSocket(url)
  const messages: WsServerMessage[] = []
  ws.on('message', (d) => messages.push(JSON.parse(d.toString()) as WsServerMessage))
  ws.on('error', () => {})
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  )
  const opened = new Promise<void>((resolve) => ws.once('open', () => resolve()))
  return { ws, messages, closed, opened }
}

/** Resolves once `check` holds, polling every 10 ms (the test's own timeout bounds it). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 10))
}

let t: TestApp
let url = ''
beforeAll(async () => {
  t = await createTestApp({
    SEED_DEMO: 'false',
    WS_MAX_PER_USER: '2',
    WS_MAX_PER_ADDRESS: '4',
    WS_MAX_CONNECTIONS: '6',
    WS_MAX_MESSAGE_BYTES: '1024',
  })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`
})
afterAll(() => t.close())

const sockets: Conn[] = []
async function signedIn(token: string): Promise<Conn> {
  const c = open(url)
  sockets.push(c)
  await c.opened
  c.ws.send(JSON.stringify({ type: 'auth', token }))
  await until(() => c.messages.length > 0)
  return c
}
const closeAll = async () => {
  for (const c of sockets.splice(0)) c.ws.close()
  await until(() => [...t.app.realtime.hub.clients()].length === 0)
}

describe('websocket limits', () => {
  it('validates the WS_* settings', () => {
    expect(() => loadConfig({ WS_MAX_PER_USER: '0' })).toThrow(/WS_MAX_PER_USER must be at least 1/)
    expect(() => loadConfig({ WS_MAX_MESSAGE_BYTES: 'lots' })).toThrow(
      /WS_MAX_MESSAGE_BYTES must be a whole number/,
    )
    expect(loadConfig({}).ws).toEqual({
      maxConnections: 10_000,
      maxPerUser: 10,
      maxPerAddress: 50,
      maxMessageBytes: 4096,
      maxQueuedBytes: 1024 * 1024,
    })
  })

  it('refuses a user’s third socket with 4429, and a fifth socket from one address', async () => {
    const staff = await signIn(t.app, 'staff')
    const a = await signedIn(staff)
    const b = await signedIn(staff)
    expect([a.messages[0], b.messages[0]]).toEqual([{ type: 'ready' }, { type: 'ready' }])
    const c = await signedIn(staff)
    expect(c.messages[0]).toMatchObject({ type: 'error', code: 429 })
    expect((await c.closed).code).toBe(4429)
    // the address cap: 2 sockets are open; 2 more (unauthenticated) fit, the fifth is refused
    const d = open(url)
    const e = open(url)
    sockets.push(d, e)
    await Promise.all([d.opened, e.opened])
    const f = open(url)
    expect((await f.closed).code).toBe(4429)
    expect(f.messages[0]).toMatchObject({ type: 'error', code: 429 })
    await closeAll()
  })

  it('closes a socket that sends a message over WS_MAX_MESSAGE_BYTES with 1009', async () => {
    const c = await signedIn(await signIn(t.app, 'editor'))
    c.ws.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(2000) }))
    expect((await c.closed).code).toBe(1009)
    await closeAll()
  })

  it('closes the sockets of a session at logout and of a user at a ban, and keeps the others', async () => {
    const editorToken = await signIn(t.app, 'editor')
    const adminToken = await signIn(t.app, 'admin')
    const editorWs = await signedIn(editorToken)
    const adminWs = await signedIn(adminToken)
    await t.app.inject({ url: '/api/logout', headers: { authorization: `Bearer ${editorToken}` } })
    expect((await editorWs.closed).code).toBe(4401)
    expect(editorWs.messages.at(-1)).toMatchObject({ type: 'error', code: 401 })

    const staffToken = await signIn(t.app, 'staff')
    const staffWs = await signedIn(staffToken)
    const staff = await t.db.db
      .selectFrom('users')
      .select('id')
      .where('login_name', '=', 'staff')
      .executeTakeFirstOrThrow()
    expect(
      (
        await postCommon(t, adminToken, 'SaveUser', {
          updateRecords: [{ Id: staff.id, Ban: true }],
        })
      ).code,
    ).toBe(200)
    expect((await staffWs.closed).code).toBe(4401)
    expect(adminWs.ws.readyState).toBe(WebSocket.OPEN)
    await postCommon(t, adminToken, 'SaveUser', { updateRecords: [{ Id: staff.id, Ban: false }] })
    await closeAll()
  })

  it('closes the other sessions’ sockets at a password change', async () => {
    const first = await signIn(t.app, 'admin')
    const second = await signIn(t.app, 'admin')
    const firstWs = await signedIn(first)
    const secondWs = await signedIn(second)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/User/ModifyMyPass',
      headers: { authorization: `Bearer ${second}` },
      payload: { oldPass: testPasswords.admin, newPass: 'admin-new-pass-2' },
    })
    expect(res.json()).toMatchObject({ code: 10000 })
    expect((await firstWs.closed).code).toBe(4401)
    expect(secondWs.ws.readyState).toBe(WebSocket.OPEN)
    await closeAll()
  })

  it('closes a socket whose session expired at the next sweep', async () => {
    const token = await signIn(t.app, 'editor')
    const ws = await signedIn(token)
    await t.db.db
      .updateTable('sessions')
      .set({ refresh_expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute()
    await t.app.realtime.sessionsEnded()
    expect((await ws.closed).code).toBe(4401)
    await closeAll()
  })
})

describe('slow consumers', () => {
  const fakeClient = (buffered: number) => {
    const calls: string[] = []
    const socket = {
      readyState: 1,
      bufferedAmount: buffered,
      send: () => calls.push('send'),
      close: (code: number) => calls.push(`close ${code}`),
      terminate: () => calls.push('terminate'),
    }
    const client: Client = {
      socket: socket as unknown as Client['socket'],
      lang: 'en',
      alive: true,
      ip: '10.0.0.1',
      maxQueuedBytes: 64 * 1024,
    }
    return { client, calls, socket }
  }

  it('sends while the queue is small, and closes with 4408 once it would pass WS_MAX_QUEUED_BYTES', () => {
    const fast = fakeClient(0)
    const slow = fakeClient(64 * 1024 - 10)
    const hub = createHub({ maxConnections: 10, maxPerUser: 5, maxPerAddress: 10 })
    for (const c of [fast, slow]) {
      hub.add(c.client)
      hub.authenticate(c.client, 7, 1, 'family')
    }
    const event = {
      notice: {
        id: 1,
        msg: '通知',
        msgEn: 'Notice',
        createType: 2,
        orderId: 1,
        orderNo: 'A-1',
        createdAt: new Date().toISOString(),
      },
      recipients: [7],
    }
    expect(hub.deliver(event)).toBe(1)
    expect(fast.calls).toEqual(['send'])
    expect(slow.calls).toEqual(['close 4408'])
    // nothing more is queued on a socket being dropped
    expect(sendTo(slow.client, { type: 'pong' })).toBe(false)
    expect(slow.calls).toEqual(['close 4408'])
  })

  it('counts sockets in total and per address, and frees a place when one closes', () => {
    const hub = createHub({ maxConnections: 2, maxPerUser: 5, maxPerAddress: 1 })
    const a = fakeClient(0).client
    const b = { ...fakeClient(0).client, ip: '10.0.0.2' }
    const c = { ...fakeClient(0).client, ip: '10.0.0.3' }
    const sameAddress = fakeClient(0).client
    expect(hub.add(a)).toBe('ok')
    expect(hub.add(sameAddress)).toBe('address')
    expect(hub.add(b)).toBe('ok')
    expect(hub.add(c)).toBe('total')
    hub.remove(a)
    expect(hub.add(c)).toBe('ok')
    expect(hub.add(sameAddress)).toBe('total')
  })
})
