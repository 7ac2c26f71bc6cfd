import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pruneOnce } from '#server/maintenance/prune'
import { hashToken, issueTokens } from '#server/modules/auth/session-repository'
import { maxSubscriptionsPerUser } from '#server/modules/push/subscribe'
import { endpointAllowed } from '#server/push-config'
import { browserKeys, startPushService } from './helpers/push-service.ts'
import { postCommon } from './helpers/system-calls.ts'
import { createTestApp, signIn, testPasswords, type TestApp } from './helpers/test-app.ts'

/**
 * A push subscription lives exactly as long as the sign-in that made it: every way a session
 * ends (logout, password change, reset, ban, refresh-token reuse, expiry, the prune) stops the
 * pushes to its device, and another account cannot take a device over. Runs on SQLite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp
let service: Awaited<ReturnType<typeof startPushService>>
let adminToken: string
let nextOrder = 5000
const ids: Record<string, number> = {}

/** Accounts of the staff role (they receive order notices), each with the staff test password. */
const logins = ['pa', 'pb', 'pc', 'pd', 'pe', 'pf', 'pg', 'ph', 'pi'] as const

async function session(login: string) {
  return issueTokens(t.db.db, {
    userId: ids[login]!,
    ip: '127.0.0.1',
    accessTtl: 600,
    refreshTtl: 3600,
  })
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

function subscribe(token: string, name: string, keys = browserKeys().json) {
  return t.app.inject({
    method: 'POST',
    url: '/api/Push/Subscribe',
    headers: { ...bearer(token), lang: 'en' },
    payload: { endpoint: `${service.origin}/push/${name}`, keys, lang: 'en' },
  })
}

/** A signed-in device of `login` subscribed through the API. */
async function device(login: string, name: string) {
  const tokens = await session(login)
  const res = await subscribe(tokens.Token, name)
  expect(res.json()).toMatchObject({ code: 200 })
  return { ...tokens, path: `/push/${name}`, endpoint: `${service.origin}/push/${name}` }
}

/** Sends an order notice; answers whether each of these paths got a push from it. */
async function pushedTo(...paths: string[]) {
  const before = paths.map((p) => service.received.filter((r) => r.path === p).length)
  const orderId = nextOrder++
  await t.app.notify({ type: 2, orderId, orderNo: `P-${orderId}`, msg: '审核', msgEn: 'Audited' })
  await t.app.push.idle()
  return paths.map((p, i) => service.received.filter((r) => r.path === p).length > before[i]!)
}

const rowsOf = (endpoint: string) =>
  t.db.db
    .selectFrom('push_subscription')
    .select(['id', 'user_id', 'p256dh', 'session_id'])
    .where('endpoint', '=', endpoint)
    .execute()

beforeAll(async () => {
  service = await startPushService()
  t = await createTestApp({
    SEED_DEMO: 'false',
    WEB_PUSH_HOSTS: `${service.origin},fcm.googleapis.com`,
    WEB_PUSH_TIMEOUT_SECONDS: '5',
  })
  const staff = await t.db.db
    .selectFrom('users')
    .selectAll()
    .where('login_name', '=', 'staff')
    .executeTakeFirstOrThrow()
  for (const login of logins) {
    const { id: _id, ...copy } = staff
    await t.db.db
      .insertInto('users')
      .values({ ...copy, login_name: login, mobile: '', email: '' })
      .execute()
    ids[login] = (
      await t.db.db
        .selectFrom('users')
        .select('id')
        .where('login_name', '=', login)
        .executeTakeFirstOrThrow()
    ).id
  }
  adminToken = await signIn(t.app, 'admin')
})

afterAll(async () => {
  await t?.close()
  await service?.close()
})

describe('a push subscription ends with its sign-in', () => {
  it('is stored with its session, and logout deletes it and stops the pushes', async () => {
    const out = await device('pa', 'logout-out')
    const stays = await device('pa', 'logout-stays')
    const [row] = await rowsOf(out.endpoint)
    const sessionRow = await t.db.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', ids.pa!)
      .orderBy('id', 'desc')
      .offset(1)
      .limit(1)
      .executeTakeFirstOrThrow()
    expect(row!.session_id).toBe(sessionRow.id)
    expect(await pushedTo(out.path, stays.path)).toEqual([true, true])
    await t.app.inject({ url: '/api/logout', headers: bearer(out.Token) })
    expect(await rowsOf(out.endpoint)).toHaveLength(0)
    expect(await pushedTo(out.path, stays.path)).toEqual([false, true])
  })

  it('a password change deletes the subscriptions of the other sign-ins, not its own', async () => {
    const mine = await device('pb', 'pw-mine')
    const other = await device('pb', 'pw-other')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/User/ModifyMyPass',
      headers: bearer(mine.Token),
      payload: { oldPass: testPasswords.staff, newPass: 'a-new-pass-123' },
    })
    expect(res.json()).toMatchObject({ code: 10000 })
    expect(await rowsOf(other.endpoint)).toHaveLength(0)
    expect(await rowsOf(mine.endpoint)).toHaveLength(1)
    expect(await pushedTo(mine.path, other.path)).toEqual([true, false])
  })

  it('an administrator’s password reset and a ban delete the account’s subscriptions', async () => {
    const reset = await device('pc', 'reset-phone')
    const banned = await device('pd', 'ban-phone')
    const bystander = await device('pe', 'bystander')
    expect(
      (
        await postCommon(t, adminToken, 'ResetUserPassword', {
          updateRecords: [{ Id: ids.pc, Password: 'reset-pass-123' }],
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await postCommon(t, adminToken, 'SaveUser', {
          updateRecords: [{ Id: ids.pd, Ban: true }],
        })
      ).status,
    ).toBe(200)
    await postCommon(t, adminToken, 'SaveUser', { updateRecords: [{ Id: ids.pd, Ban: false }] })
    expect(await rowsOf(reset.endpoint)).toHaveLength(0)
    expect(await rowsOf(banned.endpoint)).toHaveLength(0)
    expect(await pushedTo(reset.path, banned.path, bystander.path)).toEqual([false, false, true])
  })

  it('a refresh carries the subscription to the new session; a reused refresh token deletes it', async () => {
    const phone = await device('pf', 'refresh-phone')
    const refresh = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/User/RefreshToken',
        payload: { refreshToken: token },
      })
    const first = await refresh(phone.RefreshToken)
    const next = (first.json() as { data: { Token: string } }).data
    expect(next.Token).toBeTruthy()
    const [row] = await rowsOf(phone.endpoint)
    const newRow = await t.db.db
      .selectFrom('sessions')
      .select('id')
      .where('access_hash', '=', hashToken(next.Token))
      .executeTakeFirstOrThrow()
    expect(row!.session_id).toBe(newRow.id)
    // the used row goes (the prune, a while later): the subscription stays with the sign-in
    await t.db.db
      .deleteFrom('sessions')
      .where('refresh_hash', '=', hashToken(phone.RefreshToken))
      .execute()
    expect(await rowsOf(phone.endpoint)).toHaveLength(1)
    expect(await pushedTo(phone.path)).toEqual([true])
    // the old refresh token again: reuse, the whole sign-in is revoked, its device with it
    await t.db.db.deleteFrom('push_sent').execute()
    const stolen = await device('pf', 'reuse-phone')
    await refresh(stolen.RefreshToken)
    expect((await refresh(stolen.RefreshToken)).json()).toMatchObject({ code: 10002 })
    expect(await rowsOf(stolen.endpoint)).toHaveLength(0)
    expect(await pushedTo(stolen.path, phone.path)).toEqual([false, true])
  })

  it('a session revoked by any statement, or expired, gets no push; the prune deletes what is left', async () => {
    const revoked = await device('pg', 'raw-revoked')
    const expired = await device('pg', 'expired')
    const live = await device('pg', 'still-live')
    // any code path that ends a session sets revoked_at: the database deletes the subscription
    await t.db.db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('refresh_hash', '=', hashToken(revoked.RefreshToken))
      .execute()
    expect(await rowsOf(revoked.endpoint)).toHaveLength(0)
    // nothing revokes a session that simply expired: the sender skips it all the same
    await t.db.db
      .updateTable('sessions')
      .set({ refresh_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('refresh_hash', '=', hashToken(expired.RefreshToken))
      .execute()
    expect(await rowsOf(expired.endpoint)).toHaveLength(1)
    expect(await pushedTo(expired.path, live.path)).toEqual([false, true])
    await pruneOnce(t.db.db, t.config)
    expect(await rowsOf(expired.endpoint)).toHaveLength(0)
    expect(await rowsOf(live.endpoint)).toHaveLength(1)
    // the session row deleted (prune past retention): its subscription goes with it
    await t.db.db
      .deleteFrom('sessions')
      .where('refresh_hash', '=', hashToken(live.RefreshToken))
      .execute()
    expect(await rowsOf(live.endpoint)).toHaveLength(0)
  })

  it('the sender posts only to a subscription with a live session of its own user', async () => {
    // rows written around the API (as an older version or a bug might leave them)
    const mine = await session('ph')
    const theirs = await session('pi')
    const keys = browserKeys().json
    const sessionId = async (access: string) =>
      (
        await t.db.db
          .selectFrom('sessions')
          .select('id')
          .where('access_hash', '=', hashToken(access))
          .executeTakeFirstOrThrow()
      ).id
    const base = {
      p256dh: keys.p256dh,
      auth: keys.auth,
      lang: 'en',
      created_at: new Date().toISOString(),
      family_id: 'x',
    }
    await t.db.db
      .insertInto('push_subscription')
      .values([
        {
          ...base,
          user_id: ids.ph!,
          endpoint: `${service.origin}/push/raw-none`,
          session_id: null,
        },
        {
          ...base,
          user_id: ids.ph!,
          endpoint: `${service.origin}/push/raw-theirs`,
          session_id: await sessionId(theirs.Token),
        },
        {
          ...base,
          user_id: ids.ph!,
          endpoint: `${service.origin}/push/raw-mine`,
          session_id: await sessionId(mine.Token),
        },
      ])
      .execute()
    expect(await pushedTo('/push/raw-none', '/push/raw-theirs', '/push/raw-mine')).toEqual([
      false,
      false,
      true,
    ])
  })
})

describe('Push/Subscribe', () => {
  it('never moves or deletes another account’s subscription of the same endpoint', async () => {
    const victim = await device('pa', 'victim-phone')
    const before = await rowsOf(victim.endpoint)
    const attacker = await session('pb')
    const res = await subscribe(attacker.Token, 'victim-phone')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      msg: "This browser's push subscription belongs to another signed-in account",
    })
    expect(await rowsOf(victim.endpoint)).toEqual(before)
    expect(await pushedTo(victim.path)).toEqual([true])
    // once the victim signs out, the device is free for the next account
    await t.app.inject({ url: '/api/logout', headers: bearer(victim.Token) })
    expect((await subscribe(attacker.Token, 'victim-phone')).json()).toMatchObject({ code: 200 })
    expect((await rowsOf(victim.endpoint)).map((r) => r.user_id)).toEqual([ids.pb])
  })

  it('the same account subscribing again replaces its own row (new keys)', async () => {
    const phone = await device('pe', 'rekeyed')
    const again = browserKeys().json
    expect((await subscribe(phone.Token, 'rekeyed', again)).json()).toMatchObject({ code: 200 })
    const rows = await rowsOf(phone.endpoint)
    expect(rows.map((r) => r.p256dh)).toEqual([again.p256dh])
  })

  it(`keeps at most ${maxSubscriptionsPerUser} devices per account, counting that account only`, async () => {
    const busy = await session('pc')
    for (let i = 0; i < maxSubscriptionsPerUser; i++)
      expect((await subscribe(busy.Token, `cap-busy-${i}`)).json()).toMatchObject({ code: 200 })
    const count = async (login: string) =>
      (
        await t.db.db
          .selectFrom('push_subscription')
          .select('id')
          .where('user_id', '=', ids[login]!)
          .execute()
      ).length
    expect(await count('pc')).toBe(maxSubscriptionsPerUser)
    // another account's devices do not count against this one, nor this one's against it
    const quiet = await session('pd')
    expect((await subscribe(quiet.Token, 'cap-quiet-0')).json()).toMatchObject({ code: 200 })
    expect(await count('pd')).toBe(1)
    expect(await count('pc')).toBe(maxSubscriptionsPerUser)
    // one more of its own: the oldest goes
    expect((await subscribe(busy.Token, 'cap-busy-new')).json()).toMatchObject({ code: 200 })
    expect(await count('pc')).toBe(maxSubscriptionsPerUser)
    expect(await rowsOf(`${service.origin}/push/cap-busy-0`)).toHaveLength(0)
    expect(await rowsOf(`${service.origin}/push/cap-busy-1`)).toHaveLength(1)
    expect(await count('pd')).toBe(1)
  })

  it('refuses an allowed host on another port than 443', async () => {
    const phone = await session('pe')
    for (const endpoint of [
      'https://fcm.googleapis.com:22/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://xfcm.googleapis.com/fcm/send/x',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Push/Subscribe',
        headers: { ...bearer(phone.Token), lang: 'en' },
        payload: { endpoint, keys: browserKeys().json, lang: 'en' },
      })
      expect(res.statusCode, endpoint).toBe(400)
      expect(await rowsOf(endpoint)).toHaveLength(0)
    }
  })
})

describe('endpointAllowed', () => {
  const p = { hosts: ['fcm.googleapis.com', 'push.apple.com'], origins: ['http://127.0.0.1:4100'] }
  it('takes an allowed host and its sub-domains over https on port 443 only', () => {
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/a', p)).toBe(true)
    expect(endpointAllowed('https://fcm.googleapis.com:443/fcm/send/a', p)).toBe(true)
    expect(endpointAllowed('https://web.push.apple.com/a', p)).toBe(true)
    expect(endpointAllowed('https://fcm.googleapis.com:22/fcm/send/a', p)).toBe(false)
    expect(endpointAllowed('http://fcm.googleapis.com/fcm/send/a', p)).toBe(false)
  })
  it('refuses a host that only ends with an allowed name (no dot before it)', () => {
    expect(endpointAllowed('https://xfcm.googleapis.com/fcm/send/a', p)).toBe(false)
    expect(endpointAllowed('https://evilpush.apple.com/a', p)).toBe(false)
    expect(endpointAllowed('https://fcm.googleapis.com.evil.example/a', p)).toBe(false)
  })
  it('takes a stand-in only at its exact http origin', () => {
    expect(endpointAllowed('http://127.0.0.1:4100/push/a', p)).toBe(true)
    expect(endpointAllowed('http://127.0.0.1:4101/push/a', p)).toBe(false)
    expect(endpointAllowed('https://user:pw@fcm.googleapis.com/a', p)).toBe(false)
  })
})
