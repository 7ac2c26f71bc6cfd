import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { WsServerMessage } from '#shared/contract/notices'
import { hashToken } from '#server/modules/auth/session-repository'
import { createTestApp, sessionToken, type TestApp } from './helpers/test-app.ts'

type Msg = WsServerMessage
type Conn = {
  ws: WebSocket
  received: Msg[]
  next: (timeoutMs?: number) => Promise<Msg>
  closed: Promise<{ code: number; reason: string }>
  opened: Promise<void>
}

/** A websocket client that queues what it receives. */
function open(url: string, options: WebSocket.ClientOptions = {}): Conn {
  const ws = new WebSocket(url, options)
  const received: Msg[] = []
  const queue: Msg[] = []
  const waiters: ((m: Msg) => void)[] = []
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as Msg
    received.push(m)
    const w = waiters.shift()
    if (w) w(m)
    else queue.push(m)
  })
  ws.on('error', () => {})
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  )
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
  })
  // waits for the next message; the cap only turns a missing message into a clear failure
  const next = (timeoutMs = 20_000) =>
    queue.length > 0
      ? Promise.resolve(queue.shift()!)
      : new Promise<Msg>((resolve, reject) => {
          const w = (m: Msg) => {
            clearTimeout(timer)
            resolve(m)
          }
          const timer = setTimeout(() => {
            waiters.splice(waiters.indexOf(w), 1)
            reject(new Error('no message in time'))
          }, timeoutMs)
          waiters.push(w)
        })
  return { ws, received, next, closed, opened }
}

const urlOf = (app: TestApp['app'], query = '') => {
  const { port } = app.server.address() as AddressInfo
  return `ws://127.0.0.1:${port}/ws${query}`
}

async function signedIn(
  app: TestApp['app'],
  token: string,
  query = '',
  options: WebSocket.ClientOptions = {},
) {
  const c = open(urlOf(app, query), options)
  await c.opened
  c.ws.send(JSON.stringify({ type: 'auth', token }))
  expect(await c.next()).toEqual({ type: 'ready' })
  return c
}

let t: TestApp
const tokens: Record<string, string> = {}
let silent: Conn
let silentSince = 0

const tokenOf = (login: string) => sessionToken(t, login)

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  for (const login of ['admin', 'editor', 'staff']) tokens[login] = await tokenOf(login)
  // opened first, checked last: it never authenticates and must be closed after 10 s
  silent = open(urlOf(t.app))
  await silent.opened
  silentSince = Date.now()
})
afterAll(() => t.close())

describe('websocket authentication', () => {
  it('accepts a valid token, then answers ping with pong', async () => {
    const c = await signedIn(t.app, tokens.staff!)
    c.ws.send(JSON.stringify({ type: 'ping' }))
    expect(await c.next()).toEqual({ type: 'pong' })
    c.ws.close()
  })

  it('refuses an unknown token with error 401 and closes 4401', async () => {
    const c = open(urlOf(t.app, '?lang=en'))
    await c.opened
    c.ws.send(JSON.stringify({ type: 'auth', token: 'not-a-token' }))
    expect(await c.next()).toEqual({ type: 'error', code: 401, msg: 'Please sign in' })
    expect((await c.closed).code).toBe(4401)
  })

  it('refuses an expired token with error 10001 and closes 4401', async () => {
    const expired = await tokenOf('staff')
    await t.db.db
      .updateTable('sessions')
      .set({ access_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('access_hash', '=', hashToken(expired))
      .execute()
    const c = open(urlOf(t.app))
    await c.opened
    c.ws.send(JSON.stringify({ type: 'auth', token: expired }))
    expect(await c.next()).toMatchObject({ type: 'error', code: 10001 })
    expect((await c.closed).code).toBe(4401)
  })

  it('closes 4401 when the first message is not auth', async () => {
    const c = open(urlOf(t.app))
    await c.opened
    c.ws.send(JSON.stringify({ type: 'ping' }))
    expect(await c.next()).toMatchObject({ type: 'error', code: 401 })
    expect((await c.closed).code).toBe(4401)
  })

  it('refuses a foreign Origin before upgrading, accepts its own', async () => {
    const foreign = open(urlOf(t.app), { origin: 'https://evil.example' })
    await expect(foreign.opened).rejects.toThrow('HTTP 403')
    const { port } = t.app.server.address() as AddressInfo
    const same = await signedIn(t.app, tokens.staff!, '', { origin: `http://127.0.0.1:${port}` })
    same.ws.close()
  })
})

describe('notice push', () => {
  it('pushes a notice from notify() to exactly its recipients, each in their language', async () => {
    const staffEn = await signedIn(t.app, tokens.staff!, '?lang=en')
    const staffZh = await signedIn(t.app, tokens.staff!)
    const admin = await signedIn(t.app, tokens.admin!, '', {
      headers: { 'accept-language': 'en-GB,en' },
    })
    const editor = await signedIn(t.app, tokens.editor!)
    const e = await t.app.notify({
      type: 1,
      orderId: 7,
      orderNo: 'SO-7',
      msg: '外协单已审核',
      msgEn: 'Outsourcing audited',
    })
    const expected = {
      Id: e.notice.id,
      IsRead: false,
      CreateType: 1,
      OrderId: 7,
      OrderNo: 'SO-7',
      CreateTimeString: e.notice.createdAt,
    }
    expect(await staffEn.next()).toMatchObject({
      type: 'notice',
      notice: { ...expected, Msg: 'Outsourcing audited' },
    })
    expect(await staffZh.next()).toMatchObject({
      type: 'notice',
      notice: { ...expected, Msg: '外协单已审核' },
    })
    expect(await admin.next()).toMatchObject({
      type: 'notice',
      notice: { ...expected, Msg: 'Outsourcing audited' },
    })
    // the editor got nothing: the pong it asks for after the push is its next message
    editor.ws.send(JSON.stringify({ type: 'ping' }))
    expect(await editor.next()).toEqual({ type: 'pong' })
    expect(editor.received.filter((m) => m.type === 'notice')).toEqual([])
    for (const c of [staffEn, staffZh, admin, editor]) c.ws.close()
  })

  it('closes a socket that sent no auth message within 10 s with 4401', async () => {
    const { code } = await silent.closed
    expect(code).toBe(4401)
    expect(Date.now() - silentSince).toBeGreaterThanOrEqual(9_500)
  }, 15_000)
})
