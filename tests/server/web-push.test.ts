import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueTokens } from '#server/modules/auth/session-repository'
import { createNotice } from '#server/modules/notices/notify'
import {
  browserKeys,
  checkVapid,
  decryptAes128gcm,
  startPushService,
} from './helpers/push-service.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

/**
 * Web Push: a local HTTP server stands in for the browser's push service; the test
 * makes the subscription keys itself, decrypts what arrives (RFC 8291) and checks the VAPID
 * signature (RFC 8292). Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp
let service: Awaited<ReturnType<typeof startPushService>>
let publicKey: string
let nextOrder = 1000

async function sessionOf(login: string) {
  const u = await t.db.db
    .selectFrom('users')
    .select('id')
    .where('login_name', '=', login)
    .executeTakeFirstOrThrow()
  const { Token } = await issueTokens(t.db.db, {
    userId: u.id,
    ip: '127.0.0.1',
    accessTtl: 600,
    refreshTtl: 3600,
  })
  return Token
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** A device of `login`: its keys and its endpoint on the stand-in service, subscribed through the API. */
async function device(login: string, name: string, lang: 'zh' | 'en' = 'en') {
  const token = await sessionOf(login)
  const keys = browserKeys()
  const endpoint = `${service.origin}/push/${name}`
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Push/Subscribe',
    headers: bearer(token),
    payload: { endpoint, keys: keys.json, lang },
  })
  expect(res.json()).toMatchObject({ code: 200 })
  return { token, keys, endpoint, path: `/push/${name}` }
}

async function orderNotice(msg = '订单 A-1 已审核', msgEn = 'Order A-1 audited') {
  const orderId = nextOrder++
  const event = await t.app.notify({ type: 2, orderId, orderNo: `A-${orderId}`, msg, msgEn })
  await t.app.push.idle()
  return { event, orderId }
}

const to = (path: string) => service.received.filter((r) => r.path === path)
const stored = (endpoint: string) =>
  t.db.db.selectFrom('push_subscription').select('id').where('endpoint', '=', endpoint).execute()

beforeAll(async () => {
  service = await startPushService()
  t = await createTestApp({
    SEED_DEMO: 'false',
    WEB_PUSH_HOSTS: service.origin,
    WEB_PUSH_SUBJECT: 'mailto:ops@example.com',
    WEB_PUSH_TIMEOUT_SECONDS: '5',
  })
  const token = await sessionOf('staff')
  const res = await t.app.inject({ url: '/api/Push/PublicKey', headers: bearer(token) })
  const data = (res.json() as { data: { enabled: boolean; publicKey: string } }).data
  expect(data.enabled).toBe(true)
  publicKey = data.publicKey
  expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65)
})

afterAll(async () => {
  await t?.close()
  await service?.close()
})

describe('Web Push of notices', () => {
  it('a new notice reaches a subscribed device encrypted (aes128gcm) and signed (VAPID), in its language', async () => {
    const phone = await device('staff', 'staff-phone', 'en')
    const tablet = await device('staff', 'staff-tablet', 'zh')
    const { event, orderId } = await orderNotice()
    const [got] = to(phone.path)
    expect(to(phone.path)).toHaveLength(1)
    expect(got!.headers['content-encoding']).toBe('aes128gcm')
    expect(Number(got!.headers.ttl)).toBeGreaterThan(0)
    const claims = checkVapid(got!.headers.authorization, publicKey)
    expect(claims.aud).toBe(service.origin)
    expect(claims.sub).toBe('mailto:ops@example.com')
    expect(claims.exp * 1000).toBeGreaterThan(Date.now())
    // the plain text is nowhere in what the push service sees
    expect(got!.body.includes(Buffer.from('Order A-1'))).toBe(false)
    const payload = JSON.parse(decryptAes128gcm(got!.body, phone.keys)) as Record<string, unknown>
    expect(payload).toEqual({
      type: 'notice',
      id: event.notice.id,
      title: 'New notice',
      body: 'Order A-1 audited',
      url: `/order/order?id=${orderId}&orderId=A-${orderId}`,
      unread: 1,
    })
    const zh = JSON.parse(decryptAes128gcm(to(tablet.path)[0]!.body, tablet.keys)) as Record<
      string,
      unknown
    >
    expect(zh).toMatchObject({ title: '新消息', body: '订单 A-1 已审核' })
    // another device's keys cannot read it
    expect(() => decryptAes128gcm(got!.body, tablet.keys)).toThrow()
  })

  it('sends one push per notice per device, also when the notice is published again', async () => {
    const phone = await device('staff', 'staff-once')
    const { event } = await orderNotice()
    await t.app.realtime.publish(event)
    await t.app.push.idle()
    expect(to(phone.path)).toHaveLength(1)
    // the next notice is a new one: it goes out
    await orderNotice()
    expect(to(phone.path)).toHaveLength(2)
  })

  it('a user who may not see the notice gets no push', async () => {
    const editor = await device('editor', 'editor-phone')
    const staff = await device('staff', 'staff-check')
    await orderNotice()
    expect(to(staff.path)).toHaveLength(1)
    expect(to(editor.path)).toHaveLength(0)
    // a recipient banned between the notice's commit and its push gets none either (checked again at send)
    const banned = await device('staff', 'staff-banned')
    const event = await createNotice(t.db.db, {
      type: 2,
      orderId: nextOrder++,
      orderNo: 'A-BAN',
      msg: '封禁',
      msgEn: 'Banned',
    })
    const staffId = (
      await t.db.db
        .selectFrom('users')
        .select('id')
        .where('login_name', '=', 'staff')
        .executeTakeFirstOrThrow()
    ).id
    expect(event.recipients).toContain(staffId)
    await t.db.db.updateTable('users').set({ ban: 1 }).where('id', '=', staffId).execute()
    try {
      await t.app.realtime.publish(event)
      await t.app.push.idle()
      expect(to(banned.path)).toHaveLength(0)
    } finally {
      await t.db.db.updateTable('users').set({ ban: 0 }).where('id', '=', staffId).execute()
    }
  })

  it('a push service answering 404 or 410 removes the subscription; other errors keep it', async () => {
    const gone = await device('staff', 'staff-gone')
    const unknown = await device('staff', 'staff-unknown')
    const busy = await device('staff', 'staff-busy')
    service.statusOf.set(gone.path, 410)
    service.statusOf.set(unknown.path, 404)
    service.statusOf.set(busy.path, 503)
    await orderNotice()
    expect(to(gone.path)).toHaveLength(1)
    expect(to(unknown.path)).toHaveLength(1)
    expect(await stored(gone.endpoint)).toHaveLength(0)
    expect(await stored(unknown.endpoint)).toHaveLength(0)
    expect(await stored(busy.endpoint)).toHaveLength(1)
    await orderNotice()
    expect(to(gone.path)).toHaveLength(1)
    expect(to(busy.path)).toHaveLength(2)
    await t.app.inject({
      method: 'POST',
      url: '/api/Push/Unsubscribe',
      headers: bearer(busy.token),
      payload: { endpoint: busy.endpoint },
    })
    expect(await stored(busy.endpoint)).toHaveLength(0)
  })

  it('logout removes the device subscription of that sign-in only', async () => {
    const out = await device('staff', 'staff-logout')
    const stays = await device('staff', 'staff-stays')
    expect(
      (await t.app.inject({ url: '/api/logout', headers: bearer(out.token) })).statusCode,
    ).toBe(200)
    expect(await stored(out.endpoint)).toHaveLength(0)
    expect(await stored(stays.endpoint)).toHaveLength(1)
    await orderNotice()
    expect(to(out.path)).toHaveLength(0)
    expect(to(stays.path)).toHaveLength(1)
  })

  it('refuses an endpoint outside WEB_PUSH_HOSTS and bad keys with a translated message, storing nothing', async () => {
    const token = await sessionOf('staff')
    const keys = browserKeys().json
    const cases = [
      { endpoint: 'http://169.254.169.254/latest/meta-data', keys, lang: 'en' },
      { endpoint: 'https://evil.example.com/push/x', keys, lang: 'en' },
      { endpoint: `${service.origin.replace('http:', 'https:')}/push/x`, keys, lang: 'en' },
    ]
    for (const payload of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Push/Subscribe',
        headers: { ...bearer(token), lang: 'en' },
        payload,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 400,
        msg: "This browser's push service is not one this server sends to",
      })
      expect(await stored(payload.endpoint)).toHaveLength(0)
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/Push/Subscribe',
      headers: { ...bearer(token), lang: 'zh' },
      payload: {
        endpoint: `${service.origin}/push/bad`,
        keys: { p256dh: 'x', auth: keys.auth },
        lang: 'en',
      },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 400, msg: '请求参数有误' })
    expect(bad.body).not.toMatch(/stack|zod/i)
    expect(await stored(`${service.origin}/push/bad`)).toHaveLength(0)
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/Push/Subscribe',
      payload: cases[0],
    })
    expect(anonymous.statusCode).toBe(401)
  })
})
