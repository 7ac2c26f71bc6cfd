import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { pruneEndedSubscriptions } from '#server/modules/push/live-subscriptions'
import { pushPayload } from '#server/modules/push/push-payload'
import { loadVapidKeys } from '#server/modules/push/vapid-keys'
import { endpointAllowed, pushConfigOf, pushEnvShape } from '#server/push-config'
import { browserKeys, decryptAes128gcm, startPushService } from './helpers/push-service.ts'
import { withMenu } from '#server/modules/menu/table'
import { createTestApp, sessionToken, type TestApp } from './helpers/test-app.ts'

// Web Push part by part: the settings, the sender's answers, limits and logs, the keys, the
// routes' answers with push off, and the prune of ended sign-ins. Runs on SQLite, and on
// PostgreSQL with TEST_DATABASE_URL.

const env = z.object(pushEnvShape)
const configOf = (vars: Record<string, string>, origin?: string, nodeEnv?: string) =>
  pushConfigOf(env.parse(vars), origin, nodeEnv)

describe('the push settings', () => {
  it('hosts: trimmed, lower-cased, empty entries dropped; plain-http origins apart', () => {
    expect(
      configOf({ WEB_PUSH_HOSTS: ' FCM.googleapis.com , ,push.apple.com,http://127.0.0.1:9 ' }),
    ).toMatchObject({
      hosts: ['fcm.googleapis.com', 'push.apple.com'],
      origins: ['http://127.0.0.1:9'],
    })
    expect(configOf({})).toMatchObject({ origins: [], enabled: true, timeoutMs: 10_000 })
    expect(configOf({ WEB_PUSH: 'off' })).toMatchObject({ enabled: false })
  })

  it('a plain-http origin is refused in production only, naming the variable', () => {
    const vars = { WEB_PUSH_HOSTS: 'fcm.googleapis.com,http://127.0.0.1:9' }
    expect(configOf(vars, undefined, 'production')).toEqual({
      variable: 'WEB_PUSH_HOSTS',
      reason: 'must not name a plain http:// origin when NODE_ENV=production',
    })
    expect(configOf(vars, undefined, 'development')).toMatchObject({
      hosts: ['fcm.googleapis.com'],
    })
    expect(configOf({}, undefined, 'production')).toMatchObject({ origins: [] })
  })

  it('the VAPID subject: WEB_PUSH_SUBJECT, else an https PUBLIC_URL, else a mailto', () => {
    const fallback = 'mailto:webmaster@forgeline.invalid'
    expect(configOf({}, 'https://parts.example.com')).toMatchObject({
      subject: 'https://parts.example.com',
    })
    expect(configOf({}, 'http://parts.example.com')).toMatchObject({ subject: fallback })
    expect(configOf({}, undefined)).toMatchObject({ subject: fallback })
    expect(
      configOf({ WEB_PUSH_SUBJECT: 'mailto:ops@example.com' }, 'https://parts.example.com'),
    ).toMatchObject({ subject: 'mailto:ops@example.com' })
  })

  it('an endpoint: no user or password, https or an exact http origin, nothing else', () => {
    const p = { hosts: ['fcm.googleapis.com'], origins: ['http://127.0.0.1:9'] }
    expect(endpointAllowed('https://fcm.googleapis.com/send/x', p)).toBe(true)
    expect(endpointAllowed('https://u@fcm.googleapis.com/send/x', p)).toBe(false)
    expect(endpointAllowed('https://:pw@fcm.googleapis.com/send/x', p)).toBe(false)
    expect(endpointAllowed('wss://fcm.googleapis.com/send/x', p)).toBe(false)
    expect(endpointAllowed('ftp://fcm.googleapis.com/send/x', p)).toBe(false)
    expect(endpointAllowed('http://127.0.0.1:9/push/a', p)).toBe(true)
    expect(endpointAllowed('not a url', p)).toBe(false)
  })
})

describe('the payload', () => {
  const n = {
    id: 5,
    msg: '通知',
    msgEn: 'Notice',
    createType: 2,
    orderId: 42,
    orderNo: 'PO-42',
    createdAt: '2026-12-01T00:00:00.000Z',
  }
  it('opens the screen of its type under BASE_PATH (with or without its slash), else the workbench', () => {
    expect(pushPayload(n, 'en', '/forge/', 3).url).toBe('/forge/order/order?id=42&orderId=PO-42')
    expect(pushPayload(n, 'en', '/forge', 3).url).toBe('/forge/order/order?id=42&orderId=PO-42')
    expect(pushPayload({ ...n, createType: 99 }, 'zh', '', 0)).toMatchObject({
      url: '/workbench?id=42&orderId=PO-42',
      body: '通知',
      unread: 0,
    })
  })
})

let t: TestApp
let service: Awaited<ReturnType<typeof startPushService>>
let seq = 0

const userIdIn = async (app: TestApp, login: string) =>
  (
    await app.db.db
      .selectFrom('users')
      .select('id')
      .where('login_name', '=', login)
      .executeTakeFirstOrThrow()
  ).id
const userId = (login: string) => userIdIn(t, login)

/** A device of `login` with its own sign-in, subscribed through the API. */
async function device(login: string, lang: 'zh' | 'en' = 'en', padded = false) {
  const Token = await sessionToken(t, login)
  const keys = browserKeys()
  const name = `d${++seq}`
  const sent = padded ? { p256dh: `${keys.json.p256dh}=`, auth: `${keys.json.auth}==` } : keys.json
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Push/Subscribe',
    headers: { authorization: `Bearer ${Token}` },
    payload: { endpoint: `${service.origin}/push/${name}`, keys: sent, lang },
  })
  expect(res.json()).toEqual({ code: 200, msg: 'ok', data: null })
  const row = await t.db.db
    .selectFrom('push_subscription')
    .selectAll()
    .where('endpoint', '=', `${service.origin}/push/${name}`)
    .executeTakeFirstOrThrow()
  return { token: Token, keys, path: `/push/${name}`, row }
}

const to = (p: string) => service.received.filter((r) => r.path === p)
const notice = (orderId: number) =>
  t.app.notify({ type: 2, orderId, orderNo: `P-${orderId}`, msg: '通知', msgEn: 'Notice' })

describe('the sender', () => {
  beforeAll(async () => {
    service = await startPushService()
    t = await createTestApp({
      SEED_DEMO: 'false',
      WEB_PUSH_HOSTS: service.origin,
      WEB_PUSH_TIMEOUT_SECONDS: '5',
    })
  })
  afterAll(async () => {
    await t?.close()
    await service?.close()
  })

  it('keys sent with their padding are stored without it, and still decrypt', async () => {
    await t.db.db.deleteFrom('push_subscription').execute()
    const d = await device('staff', 'en', true)
    expect(d.row.p256dh).toBe(d.keys.json.p256dh)
    expect(d.row.auth).toBe(d.keys.json.auth)
    await notice(1)
    await t.app.push.idle()
    expect(JSON.parse(decryptAes128gcm(to(d.path)[0]!.body, d.keys))).toMatchObject({
      body: 'Notice',
    })
  })

  it('posts with the encoding, a day to live and high urgency', async () => {
    await t.db.db.deleteFrom('push_subscription').execute()
    const d = await device('staff')
    await notice(2)
    await t.app.push.idle()
    expect(to(d.path)[0]!.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '86400',
      urgency: 'high',
    })
  })

  it('logs what each answer means: 2xx nothing, 404/410 removed, others refused', async () => {
    await t.db.db.deleteFrom('push_subscription').execute()
    const devices = await Promise.all(
      [200, 201, 204, 300, 302, 410, 500].map(() => device('staff')),
    )
    const statuses = [200, 201, 204, 300, 302, 410, 500]
    devices.forEach((d, i) => service.statusOf.set(d.path, statuses[i]!))
    const warn = vi.spyOn(t.app.log, 'warn')
    const info = vi.spyOn(t.app.log, 'info')
    try {
      await notice(3)
      await t.app.push.idle()
      const refused = warn.mock.calls.filter(
        (c) => c[1] === 'push: the push service refused a message',
      )
      expect(refused.map((c) => c[0])).toEqual(
        expect.arrayContaining(
          [3, 4, 6].map((i) => ({ subscription: devices[i]!.row.id, status: statuses[i] })),
        ),
      )
      expect(refused).toHaveLength(3)
      expect(
        warn.mock.calls.filter((c) => c[1] !== 'push: the push service refused a message'),
      ).toEqual([])
      expect(info).toHaveBeenCalledWith(
        { subscription: devices[5]!.row.id, status: 410 },
        'push: subscription gone, removed',
      )
    } finally {
      warn.mockRestore()
      info.mockRestore()
    }
  })

  it('a connection dropped without an answer is logged, and the others are still sent', async () => {
    await t.db.db.deleteFrom('push_subscription').execute()
    const [dropped, fine] = [await device('staff'), await device('staff')]
    service.statusOf.set(dropped.path, 0)
    const warn = vi.spyOn(t.app.log, 'warn')
    try {
      await notice(4)
      await t.app.push.idle()
      expect(warn).toHaveBeenCalledWith(
        { err: expect.any(Error) },
        'push: could not send a message',
      )
      expect(to(fine.path)).toHaveLength(1)
    } finally {
      warn.mockRestore()
    }
  })

  it('at most 8 messages in flight; a sign-in ended while its message waited gets none', async () => {
    await t.db.db.deleteFrom('push_subscription').execute()
    const devices = []
    for (let i = 0; i < 9; i++) devices.push(await device('admin'))
    for (const d of devices) service.delayOf.set(d.path, 400)
    service.load.most = 0
    await notice(5)
    for (let i = 0; i < 100 && service.load.inFlight < 8; i++)
      await new Promise((r) => setTimeout(r, 20))
    const last = devices[8]!
    await t.db.db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', last.row.session_id!)
      .execute()
    await t.app.push.idle()
    expect(service.load.most).toBe(8)
    expect(devices.slice(0, 8).map((d) => to(d.path).length)).toEqual(Array(8).fill(1))
    expect(to(last.path)).toHaveLength(0)
  })

  it('the badge figure counts the unread notices of every type the user may still see', async () => {
    await t.db.db.deleteFrom('push_subscription').execute()
    const d = await device('staff', 'zh')
    const staffId = await userId('staff')
    // a shipping notice, then the role loses the shipping screen: its notice no longer counts
    await t.app.notify({ type: 3, orderId: 6, orderNo: 'P-6', msg: '发货', msgEn: '' })
    await t.app.push.idle()
    const ship = await withMenu(t.db.db)
      .selectFrom('menu')
      .select('id')
      .where('path', '=', '/ship/ship')
      .executeTakeFirstOrThrow()
    await t.db.db
      .deleteFrom('role_menu')
      .where('role_code', '=', 'staff')
      .where('menu_id', '=', ship.id)
      .execute()
    try {
      await t.app.notify({ type: 0, orderId: 7, orderNo: 'P-7', msg: '采购', msgEn: '' })
      await t.app.push.idle()
      await notice(8)
      await t.app.push.idle()
      const counts = await t.db.db
        .selectFrom('notice_count')
        .select(['create_type', 'unread'])
        .where('user_id', '=', staffId)
        .where('unread', '>', 0)
        .execute()
      const seen = counts.filter((c) => c.create_type !== 3)
      expect(seen.length).toBeGreaterThan(1)
      expect(counts.some((c) => c.create_type === 3)).toBe(true)
      const got = to(d.path).map((r) => JSON.parse(decryptAes128gcm(r.body, d.keys)).unread)
      expect(got.at(-1)).toBe(seen.reduce((sum, c) => sum + Number(c.unread), 0))
    } finally {
      await t.db.db
        .insertInto('role_menu')
        .values({ role_code: 'staff', menu_id: ship.id })
        .execute()
    }
  })

  it('a notice it cannot prepare is logged; a full queue drops the notice with a warning', async () => {
    await t.db.db.deleteFrom('push_subscription').execute()
    await device('staff', 'en')
    const warn = vi.spyOn(t.app.log, 'warn')
    try {
      const staffId = await userId('staff')
      const broken = {
        notice: { id: 1, msg: 'x', createType: 2, orderId: 1, orderNo: 'x', createdAt: '' },
        recipients: [staffId],
      } as unknown as Parameters<typeof t.app.push.enqueue>[0]
      t.app.push.enqueue(broken)
      await t.app.push.idle()
      expect(warn).toHaveBeenCalledWith(
        { err: expect.any(TypeError) },
        'push: could not prepare a notice',
      )
      warn.mockClear()
      const none = { ...broken, recipients: [] }
      // the first is taken at once; 1,000 wait; the next one does not fit
      for (let i = 0; i < 1002; i++) t.app.push.enqueue(none)
      expect(warn.mock.calls).toEqual([['push: queue full, a notice is not pushed']])
      await t.app.push.idle()
    } finally {
      warn.mockRestore()
    }
  })

  it('closed, it takes no more notices', async () => {
    await t.db.db.deleteFrom('push_subscription').execute()
    const d = await device('staff')
    await t.app.push.close()
    await notice(9)
    await t.app.push.idle()
    expect(to(d.path)).toHaveLength(0)
  })
})

describe('the routes and the keys', () => {
  let off: TestApp
  beforeAll(async () => {
    off = await createTestApp({ SEED_DEMO: 'false', WEB_PUSH: 'off' })
  })
  afterAll(() => off?.close())

  it('the public key needs a sign-in; with push off it is empty and a subscription is refused', async () => {
    expect((await off.app.inject({ url: '/api/Push/PublicKey' })).statusCode).toBe(401)
    const Token = await sessionToken(off, 'staff')
    const headers = { authorization: `Bearer ${Token}`, lang: 'en' }
    expect((await off.app.inject({ url: '/api/Push/PublicKey', headers })).json()).toEqual({
      code: 200,
      msg: 'ok',
      data: { enabled: false, publicKey: '' },
    })
    const res = await off.app.inject({
      method: 'POST',
      url: '/api/Push/Subscribe',
      headers,
      payload: {
        endpoint: 'https://fcm.googleapis.com/send/x',
        keys: browserKeys().json,
        lang: 'en',
      },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().msg).toMatch(/push/i)
    expect(await off.db.db.selectFrom('push_subscription').select('id').execute()).toEqual([])
    const gone = await off.app.inject({
      method: 'POST',
      url: '/api/Push/Unsubscribe',
      headers,
      payload: { endpoint: 'https://fcm.googleapis.com/send/x' },
    })
    expect(gone.json()).toEqual({ code: 200, msg: 'ok', data: null })
  })

  it('the key pair is made once and kept: in DATA_DIR (mode 0600) on SQLite, in the database on PostgreSQL', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-vapid-'))
    try {
      const first = await loadVapidKeys(off.db, dir)
      const again = await loadVapidKeys(off.db, dir)
      expect(again).toEqual(first)
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65)
      const meta = await off.db.db
        .selectFrom('app_meta')
        .select('value')
        .where('key', '=', 'vapid_key_pair')
        .executeTakeFirst()
      const file = path.join(dir, 'vapid-keys.json')
      if (off.db.dialect === 'postgres') {
        expect(JSON.parse(meta!.value)).toEqual(first)
      } else {
        expect(meta).toBeUndefined()
        expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(first)
        expect(fs.statSync(file).mode & 0o777).toBe(0o600)
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the prune of ended sign-ins', () => {
  let p: TestApp
  beforeAll(async () => {
    p = await createTestApp({ SEED_DEMO: 'false' })
  })
  afterAll(() => p?.close())

  it('deletes a subscription whose sign-in passed its lifetime, keeps one within it, and counts', async () => {
    const Token = await sessionToken(p, 'staff')
    const u = { id: await userIdIn(p, 'staff') }
    const res = await p.app.inject({
      method: 'POST',
      url: '/api/Push/Subscribe',
      headers: { authorization: `Bearer ${Token}` },
      payload: {
        endpoint: 'https://fcm.googleapis.com/send/prune',
        keys: browserKeys().json,
        lang: 'zh',
      },
    })
    expect(res.json()).toMatchObject({ code: 200 })
    const minuteAgo = new Date(Date.now() - 60_000).toISOString()
    await p.db.db
      .updateTable('sessions')
      .set({ created_at: minuteAgo, family_started_at: minuteAgo })
      .where('user_id', '=', u.id)
      .execute()
    expect(await pruneEndedSubscriptions(p.db.db, { sessionMaxAgeSeconds: 3600 })).toBe(0)
    expect(await pruneEndedSubscriptions(p.db.db, { sessionMaxAgeSeconds: 30 })).toBe(1)
    expect(await p.db.db.selectFrom('push_subscription').select('id').execute()).toEqual([])
  })
})
