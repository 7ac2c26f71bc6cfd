import { createHash } from 'node:crypto'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { sqliteFileName } from '#server/db/open'
import { hashToken, revokeWechatSessions } from '#server/modules/auth/session-repository'
import { withMenu } from '#server/modules/menu/table'
import { createTestApp, signIn, testPasswords, type TestApp } from './helpers/test-app.ts'
import { testTrigger } from './helpers/test-trigger.ts'

/*
 * The edges of sessions and of the permission check (mutation survivors): the exact
 * moment an access token, a refresh token and a family expire, how the sliding lifetimes are
 * capped by the family's, where a refresh token is read from, what logout removes, and what a
 * refusal writes to the system log. Times are set with a fake Date (timers stay real).
 */

const accessTtl = 1800
const refreshTtl = 7 * 86_400
const maxAge = 3600

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    SEED_DEMO: 'false',
    ACCESS_TOKEN_TTL_SECONDS: String(accessTtl),
    REFRESH_TOKEN_TTL_SECONDS: String(refreshTtl),
    SESSION_MAX_AGE_SECONDS: String(maxAge),
  })
})
afterAll(() => t.close())
afterEach(() => {
  vi.useRealTimers()
})

type Pair = { Token: string; RefreshToken: string }
type Body = { code: number; msg: string; data: Pair | null }
const body = (r: { json: () => unknown }) => r.json() as Body
const bearer = (token: string) => ({ authorization: `Bearer ${token}`, lang: 'en' })
const at = (ms: number) => vi.setSystemTime(ms)
const iso = (ms: number) => new Date(ms).toISOString()
const t0 = Date.parse('2026-11-29T08:00:00.000Z')

let nextIp = 1
/** A fresh client address per sign-in, so the sign-in limiter of one test never meets another's. */
const freshIp = () => `192.0.2.${nextIp++}`

async function login(username: keyof typeof testPasswords): Promise<Pair> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/User/Login',
    payload: { username, password: testPasswords[username] },
    remoteAddress: freshIp(),
  })
  return body(res).data!
}
const refresh = (token: string) => t.app.inject(`/api/User/RefreshToken?refreshToken=${token}`)
const session = (refreshToken: string) =>
  t.db.db
    .selectFrom('sessions')
    .selectAll()
    .where('refresh_hash', '=', hashToken(refreshToken))
    .executeTakeFirstOrThrow()
/** Sets when the refresh tokens of these sign-ins expire. */
const refreshExpiresAt = async (pairs: Pair[], ms: number) => {
  for (const p of pairs)
    await t.db.db
      .updateTable('sessions')
      .set({ refresh_expires_at: iso(ms) })
      .where('refresh_hash', '=', hashToken(p.RefreshToken))
      .execute()
}
const me = (token: string) => t.app.inject({ url: '/api/User/Get', headers: bearer(token) })

describe('session lifetimes', () => {
  it('a sign-in gets the access and refresh lifetimes, counted from now', async () => {
    vi.useFakeTimers({ now: t0, toFake: ['Date'] })
    const pair = await login('staff')
    // 32 random bytes each, URL-safe
    expect(pair.Token).toMatch(/^[\w-]{43}$/)
    expect(pair.RefreshToken).toMatch(/^[\w-]{43}$/)
    expect(pair.RefreshToken).not.toBe(pair.Token)
    expect(await session(pair.RefreshToken)).toMatchObject({
      access_expires_at: iso(t0 + accessTtl * 1000),
      refresh_expires_at: iso(t0 + refreshTtl * 1000),
      created_at: iso(t0),
      family_started_at: iso(t0),
      rotated_at: null,
      revoked_at: null,
      wechat_user_id: null,
    })
  })

  it('an access token works until the moment it expires, not at that moment', async () => {
    vi.useFakeTimers({ now: t0, toFake: ['Date'] })
    const pair = await login('staff')
    at(t0 + accessTtl * 1000 - 1)
    expect((await me(pair.Token)).statusCode).toBe(200)
    at(t0 + accessTtl * 1000)
    const expired = await me(pair.Token)
    expect(expired.statusCode).toBe(200)
    expect(body(expired).code).toBe(10001)
  })

  it('a rotation keeps the family and its start; the new lifetimes stop at the family end', async () => {
    vi.useFakeTimers({ now: t0, toFake: ['Date'] })
    const first = await login('staff')
    const started = await session(first.RefreshToken)
    // early on only the refresh lifetime (7 days) reaches past the family end (1 hour)
    at(t0 + 100_000)
    const second = body(await refresh(first.RefreshToken)).data!
    expect(await session(second.RefreshToken)).toMatchObject({
      family_id: started.family_id,
      family_started_at: iso(t0),
      access_expires_at: iso(t0 + 100_000 + accessTtl * 1000),
      refresh_expires_at: iso(t0 + maxAge * 1000),
      created_at: iso(t0 + 100_000),
    })
    expect((await session(first.RefreshToken)).rotated_at).toBe(iso(t0 + 100_000))
    // later the access lifetime is cut short too
    at(t0 + 3_000_000)
    const third = body(await refresh(second.RefreshToken)).data!
    expect(await session(third.RefreshToken)).toMatchObject({
      access_expires_at: iso(t0 + maxAge * 1000),
      refresh_expires_at: iso(t0 + maxAge * 1000),
    })
  })

  it('a refresh token works until the moment it expires, not at that moment', async () => {
    vi.useFakeTimers({ now: t0, toFake: ['Date'] })
    const a = await login('staff')
    const b = await login('staff')
    await refreshExpiresAt([a, b], t0 + 60_000)
    at(t0 + 60_000 - 1)
    expect(body(await refresh(a.RefreshToken)).code).toBe(200)
    at(t0 + 60_000)
    expect(body(await refresh(b.RefreshToken)).code).toBe(10002)
  })

  it('a family works until its absolute lifetime ends, however fresh its refresh token', async () => {
    vi.useFakeTimers({ now: t0, toFake: ['Date'] })
    const a = await login('staff')
    const b = await login('staff')
    await refreshExpiresAt([a, b], t0 + 86_400_000)
    at(t0 + maxAge * 1000 - 1)
    expect(body(await refresh(a.RefreshToken)).code).toBe(200)
    at(t0 + maxAge * 1000)
    expect(body(await refresh(b.RefreshToken)).code).toBe(10002)
  })

  it('a session from before family starts were kept counts its family from its creation', async () => {
    vi.useFakeTimers({ now: t0, toFake: ['Date'] })
    const a = await login('staff')
    const b = await login('staff')
    for (const [p, created] of [
      [a, t0 - maxAge * 1000 + 1],
      [b, t0 - maxAge * 1000],
    ] as const)
      await t.db.db
        .updateTable('sessions')
        .set({ family_started_at: null, created_at: iso(created) })
        .where('refresh_hash', '=', hashToken(p.RefreshToken))
        .execute()
    const rotated = body(await refresh(a.RefreshToken)).data!
    // the new session carries the start it was counted from
    expect((await session(rotated.RefreshToken)).family_started_at).toBe(
      iso(t0 - maxAge * 1000 + 1),
    )
    expect(body(await refresh(b.RefreshToken)).code).toBe(10002)
  })
})

describe('refresh tokens', () => {
  it('reads the token from the header first, then the body, then the query', async () => {
    const header = await login('staff')
    const inBody = await login('staff')
    const inQuery = await login('staff')
    const r1 = await t.app.inject({
      method: 'POST',
      url: `/api/User/RefreshToken?refreshToken=${inQuery.RefreshToken}`,
      headers: { 'x-refresh-token': header.RefreshToken },
      payload: { refreshToken: inBody.RefreshToken },
    })
    expect(body(r1).code).toBe(200)
    expect((await session(header.RefreshToken)).rotated_at).not.toBeNull()
    expect((await session(inBody.RefreshToken)).rotated_at).toBeNull()
    const r2 = await t.app.inject({
      method: 'POST',
      url: `/api/User/RefreshToken?refreshToken=${inQuery.RefreshToken}`,
      payload: { refreshToken: inBody.RefreshToken },
    })
    expect(body(r2).code).toBe(200)
    expect((await session(inBody.RefreshToken)).rotated_at).not.toBeNull()
    expect((await session(inQuery.RefreshToken)).rotated_at).toBeNull()
    const r3 = await t.app.inject({
      method: 'POST',
      url: `/api/User/RefreshToken?refreshToken=${inQuery.RefreshToken}`,
      payload: {},
    })
    expect(body(r3).code).toBe(200)
    expect((await session(inQuery.RefreshToken)).rotated_at).not.toBeNull()
    // the new pair works
    expect(body(await me(body(r3).data!.Token)).code).toBe(200)
  })

  it('logs an attack only for a reused token, not for unknown, expired or signed-out ones', async () => {
    const attacks = async () =>
      (
        await t.db.db
          .selectFrom('system_log')
          .select(['account', 'operation', 'log_type'])
          .where('result', '=', 'attack')
          .execute()
      ).length
    const before = await attacks()
    expect(body(await refresh('unknown-token')).code).toBe(10002)
    const out = await login('staff')
    await t.app.inject({ url: '/logout', headers: bearer(out.Token) })
    expect(body(await refresh(out.RefreshToken)).code).toBe(10002)
    const old = await login('staff')
    await t.db.db
      .updateTable('sessions')
      .set({ refresh_expires_at: iso(Date.now() - 1000) })
      .where('refresh_hash', '=', hashToken(old.RefreshToken))
      .execute()
    expect(body(await refresh(old.RefreshToken)).code).toBe(10002)
    expect(await attacks()).toBe(before)
    const used = await login('staff')
    await refresh(used.RefreshToken)
    expect(body(await refresh(used.RefreshToken)).code).toBe(10002)
    const rows = await t.db.db
      .selectFrom('system_log')
      .select(['account', 'operation', 'log_type'])
      .where('result', '=', 'attack')
      .execute()
    expect(rows.length).toBe(before + 1)
    expect(rows.at(-1)).toEqual({
      account: 'staff',
      operation: 'refresh token',
      log_type: 'system',
    })
  })

  it('a reuse revokes only its own family', async () => {
    const mine = await login('staff')
    const other = await login('staff')
    const next = body(await refresh(mine.RefreshToken)).data!
    expect(body(await refresh(mine.RefreshToken)).code).toBe(10002)
    expect((await me(next.Token)).statusCode).toBe(401)
    expect((await me(other.Token)).statusCode).toBe(200)
    expect(body(await refresh(other.RefreshToken)).code).toBe(200)
  })
})

describe('refreshes racing a reuse', () => {
  const trigger = (name: string, sqlite: string, postgres: { when: string; body: string }) =>
    testTrigger(t.db, name, 'sessions', sqlite, postgres)

  it('a claim that another request made first is a reuse: 10002, the family revoked, an attack logged', async () => {
    const pair = await login('staff')
    // the other request's claim lands between this one's read and its claim
    const drop = await trigger(
      'claimed_first',
      'create trigger claimed_first before update of rotated_at on sessions begin select raise(ignore); end',
      { when: 'before update of rotated_at on sessions', body: 'return null;' },
    )
    const ip = freshIp()
    try {
      const res = await t.app.inject({
        url: `/api/User/RefreshToken?refreshToken=${pair.RefreshToken}`,
        remoteAddress: ip,
      })
      expect(body(res).code).toBe(10002)
    } finally {
      await drop()
    }
    expect((await session(pair.RefreshToken)).revoked_at).not.toBeNull()
    expect((await me(pair.Token)).statusCode).toBe(401)
    const logged = await t.db.db
      .selectFrom('system_log')
      .select(['account', 'result'])
      .where('ip', '=', ip)
      .execute()
    expect(logged).toEqual([{ account: 'staff', result: 'attack' }])
  })

  it('a family revoked by a reuse between the claim and the new session: 10002, and the new session dies with it', async () => {
    const pair = await login('staff')
    const { family_id: family } = await session(pair.RefreshToken)
    // the reuse revokes the family's sessions while the new one is being written
    const drop = await trigger(
      'reused_meanwhile',
      "create trigger reused_meanwhile after insert on sessions begin update sessions set revoked_at = '2026-01-01T00:00:00.000Z' where family_id = new.family_id and id <> new.id; end",
      {
        when: 'after insert on sessions',
        body: "update sessions set revoked_at = '2026-01-01T00:00:00.000Z' where family_id = new.family_id and id <> new.id; return null;",
      },
    )
    try {
      expect(body(await refresh(pair.RefreshToken)).code).toBe(10002)
    } finally {
      await drop()
    }
    const family_ = await t.db.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('family_id', '=', family)
      .execute()
    expect(family_).toHaveLength(2)
    expect(family_.every((r) => r.revoked_at !== null)).toBe(true)
  })
})

describe('answers', () => {
  it("say 'ok' on success; a missing refresh token is answered like an unknown one", async () => {
    const pair = await login('staff')
    const rotated = await refresh(pair.RefreshToken)
    expect(body(rotated)).toMatchObject({ code: 200, msg: 'ok' })
    expect(body(await me(body(rotated).data!.Token))).toMatchObject({ code: 200, msg: 'ok' })
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/User/RefreshToken',
      payload: { refreshToken: 'unknown-token' },
      headers: { lang: 'en' },
    })
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/User/RefreshToken',
      payload: {},
      headers: { lang: 'en' },
    })
    expect(body(missing)).toEqual(body(unknown))
    expect(body(missing)).toMatchObject({ code: 10002, msg: expect.stringMatching(/\S/) })
  })

  it('an account deleted outside the server while its sign-in is cached answers 401, not 500', async () => {
    // a copy of the staff account, so the other tests keep theirs
    const staff = await t.db.db
      .selectFrom('users')
      .selectAll()
      .where('login_name', '=', 'staff')
      .executeTakeFirstOrThrow()
    const { id: _id, ...copy } = staff
    await t.db.db
      .insertInto('users')
      .values({ ...copy, login_name: 'leaving', mobile: '', email: '' })
      .execute()
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/User/Login',
      payload: { username: 'leaving', password: testPasswords.staff },
      remoteAddress: freshIp(),
    })
    const token = body(signedIn).data!.Token
    expect(body(await me(token))).toMatchObject({ code: 200 })
    // SQLite: another program on the file (the server's cache does not hear it); PostgreSQL:
    // any connection (its triggers tell every instance)
    if (t.db.dialect === 'postgres')
      await sql`delete from users where login_name = 'leaving'`.execute(t.db.db)
    else {
      const file = new SQLite(path.join(t.dataDir, sqliteFileName))
      try {
        file.prepare("delete from users where login_name = 'leaving'").run()
      } finally {
        file.close()
      }
    }
    const gone = await me(token)
    expect(gone.statusCode).toBe(401)
    expect(body(gone)).toMatchObject({ code: 401, msg: 'Please sign in', data: null })
  })
})

describe('WeChat bans', () => {
  it('revoking the sessions of no WeChat identity changes nothing (and is valid SQL on both databases)', async () => {
    const pair = await login('staff')
    await revokeWechatSessions(t.db.db, [])
    expect((await session(pair.RefreshToken)).revoked_at).toBeNull()
  })
})

describe('tokens at rest', () => {
  it('the database keeps the SHA-256 of each token (base64url), never the token', async () => {
    const pair = await login('staff')
    const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url')
    const row = await t.db.db
      .selectFrom('sessions')
      .selectAll()
      .where('access_hash', '=', sha256(pair.Token))
      .executeTakeFirstOrThrow()
    expect(row.refresh_hash).toBe(sha256(pair.RefreshToken))
    expect(row.access_hash).toMatch(/^[\w-]{43}$/)
    expect(Object.values(row)).not.toContain(pair.Token)
    expect(Object.values(row)).not.toContain(pair.RefreshToken)
  })
})

describe('logout', () => {
  const subscribe = async (token: string, endpoint: string, refreshToken: string) => {
    const s = await session(refreshToken)
    await t.db.db
      .insertInto('push_subscription')
      .values({
        user_id: s.user_id,
        family_id: s.family_id,
        endpoint,
        p256dh: 'p',
        auth: 'a',
        lang: 'en',
        created_at: iso(Date.now()),
      })
      .execute()
    return token
  }
  const endpoints = async () =>
    (
      await t.db.db.selectFrom('push_subscription').select('endpoint').orderBy('endpoint').execute()
    ).map((r) => r.endpoint)

  it("removes the push subscription of its own sign-in only, and ends only that family's sessions", async () => {
    const a = await login('staff')
    const b = await login('staff')
    await subscribe(a.Token, 'https://push.example/a', a.RefreshToken)
    await subscribe(b.Token, 'https://push.example/b', b.RefreshToken)
    const res = await t.app.inject({ url: '/api/logout', headers: { token: a.Token } })
    expect(body(res)).toEqual({ code: 200, msg: 'ok', data: null })
    expect(await endpoints()).toEqual(['https://push.example/b'])
    expect((await me(a.Token)).statusCode).toBe(401)
    expect((await me(b.Token)).statusCode).toBe(200)
    expect((await session(a.RefreshToken)).revoked_at).not.toBeNull()
    expect((await session(b.RefreshToken)).revoked_at).toBeNull()
  })

  it('answers ok without a token or with an unknown one, and changes nothing', async () => {
    const a = await login('staff')
    await subscribe(a.Token, 'https://push.example/c', a.RefreshToken)
    for (const headers of [{}, bearer('unknown-token')]) {
      const res = await t.app.inject({ url: '/logout', headers })
      expect(body(res)).toEqual({ code: 200, msg: 'ok', data: null })
    }
    expect(await endpoints()).toContain('https://push.example/c')
    expect((await me(a.Token)).statusCode).toBe(200)
  })
})

describe('revocation', () => {
  it('keeps the time a session was revoked: a second logout or a password change does not move it', async () => {
    vi.useFakeTimers({ now: t0, toFake: ['Date'] })
    const out = await login('staff')
    const mine = await login('staff')
    const other = await login('staff')
    const editor = await login('editor')
    at(t0 + 1000)
    await t.app.inject({ url: '/logout', headers: bearer(out.Token) })
    expect((await session(out.RefreshToken)).revoked_at).toBe(iso(t0 + 1000))
    at(t0 + 2000)
    await t.app.inject({ url: '/logout', headers: bearer(out.Token) })
    expect((await session(out.RefreshToken)).revoked_at).toBe(iso(t0 + 1000))
    at(t0 + 3000)
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/User/ModifyMyPass',
      payload: { oldPass: testPasswords.staff, newPass: 'staff-new-pass-9' },
      headers: bearer(mine.Token),
    })
    expect(body(changed).code).toBe(10000)
    try {
      expect((await session(out.RefreshToken)).revoked_at).toBe(iso(t0 + 1000))
      expect((await session(other.RefreshToken)).revoked_at).toBe(iso(t0 + 3000))
      expect((await session(mine.RefreshToken)).revoked_at).toBeNull()
      // another user's sessions are not touched
      expect((await session(editor.RefreshToken)).revoked_at).toBeNull()
      expect((await me(editor.Token)).statusCode).toBe(200)
    } finally {
      await t.app.inject({
        method: 'POST',
        url: '/api/User/ModifyMyPass',
        payload: { oldPass: 'staff-new-pass-9', newPass: testPasswords.staff },
        headers: bearer(mine.Token),
      })
    }
  })
})

describe('the permission check', () => {
  it("refuses a role that holds the ability but not the endpoint's screen", async () => {
    const token = await signIn(t.app, 'editor')
    const list = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/Leaving/GetList',
        payload: {},
        headers: bearer(token),
      })
    expect((await list()).statusCode).toBe(200)
    const held = await t.db.db
      .selectFrom('role_menu')
      .selectAll()
      .where('role_code', '=', 'editor')
      .execute()
    await t.db.db.deleteFrom('role_menu').where('role_code', '=', 'editor').execute()
    try {
      expect((await list()).statusCode).toBe(403)
      // a signed-in call needs no screen
      expect((await me(token)).statusCode).toBe(200)
    } finally {
      await t.db.db.insertInto('role_menu').values(held).execute()
    }
    expect((await list()).statusCode).toBe(200)
  })

  it('refuses a call the role may not make with 403 and writes who, what and from where to the system log', async () => {
    const token = await signIn(t.app, 'staff')
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/Leaving/GetList',
      payload: {},
      headers: bearer(token),
      remoteAddress: '203.0.113.77',
    })
    expect(denied.statusCode).toBe(403)
    const rows = await t.db.db
      .selectFrom('system_log')
      .select(['account', 'operation', 'log_type', 'ip'])
      .where('result', '=', 'permission denied')
      .execute()
    expect(rows).toContainEqual({
      account: 'staff',
      operation: 'POST /api/Leaving/GetList',
      log_type: 'system',
      ip: '203.0.113.77',
    })
  })

  it("refuses a role that holds the endpoint's screen but not the ability", async () => {
    const token = await signIn(t.app, 'staff')
    const menu = await withMenu(t.db.db)
      .selectFrom('menu')
      .select('id')
      .where('path', '=', '/admin/leaving')
      .executeTakeFirstOrThrow()
    await t.db.db.insertInto('role_menu').values({ role_code: 'staff', menu_id: menu.id }).execute()
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Leaving/GetList?page=1',
        payload: {},
        headers: bearer(token),
        remoteAddress: '203.0.113.78',
      })
      expect(res.statusCode).toBe(403)
    } finally {
      await t.db.db
        .deleteFrom('role_menu')
        .where('role_code', '=', 'staff')
        .where('menu_id', '=', menu.id)
        .execute()
    }
    // the log names the route, not the address with its query
    const rows = await t.db.db
      .selectFrom('system_log')
      .select('operation')
      .where('result', '=', 'permission denied')
      .where('ip', '=', '203.0.113.78')
      .execute()
    expect(rows).toEqual([{ operation: 'POST /api/Leaving/GetList' }])
  })

  it('gives an account without a role no abilities and no grid strings', async () => {
    const token = await signIn(t.app, 'staff')
    await t.db.db.updateTable('users').set({ role: '' }).where('login_name', '=', 'staff').execute()
    try {
      const info = (await me(token)).json() as {
        data: { Role: string; Abilities: string[]; Permissions: string[] }
      }
      expect(info.data).toMatchObject({ Role: '', Abilities: [], Permissions: [] })
    } finally {
      await t.db.db
        .updateTable('users')
        .set({ role: 'staff' })
        .where('login_name', '=', 'staff')
        .execute()
    }
  })

  it('lets an account that must change its password only make signed-in calls', async () => {
    const token = await signIn(t.app, 'editor')
    await t.db.db
      .updateTable('users')
      .set({ must_change_password: 1 })
      .where('login_name', '=', 'editor')
      .execute()
    try {
      const info = await me(token)
      expect(info.statusCode).toBe(200)
      expect(
        (info.json() as { data: { MustChangePassword: boolean } }).data.MustChangePassword,
      ).toBe(true)
      const list = await t.app.inject({
        method: 'POST',
        url: '/api/Leaving/GetList',
        payload: {},
        headers: bearer(token),
      })
      expect(list.statusCode).toBe(403)
      expect(body(list).msg).toBe('Please change your password first')
    } finally {
      await t.db.db
        .updateTable('users')
        .set({ must_change_password: 0 })
        .where('login_name', '=', 'editor')
        .execute()
    }
    const after = await me(token)
    expect(
      (after.json() as { data: { MustChangePassword: boolean } }).data.MustChangePassword,
    ).toBe(false)
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/Leaving/GetList',
      payload: {},
      headers: bearer(token),
    })
    expect(list.statusCode).toBe(200)
  })

  it("reads the role's abilities and grid strings, only the strings among them, none from a broken list", async () => {
    const token = await signIn(t.app, 'editor')
    const role = await t.db.db
      .selectFrom('roles')
      .select(['abilities', 'permissions'])
      .where('code', '=', 'editor')
      .executeTakeFirstOrThrow()
    const info = async () =>
      (
        (await me(token)).json() as {
          data: { Abilities: string[]; Permissions: string[] }
        }
      ).data
    try {
      await t.db.db
        .updateTable('roles')
        .set({
          abilities: JSON.stringify(['CONTENT', 7, null, 'READ']),
          permissions: JSON.stringify(['column-Price-show-false', 1]),
        })
        .where('code', '=', 'editor')
        .execute()
      expect(await info()).toMatchObject({
        Abilities: ['CONTENT', 'READ'],
        Permissions: ['column-Price-show-false'],
      })
      await t.db.db
        .updateTable('roles')
        .set({ abilities: 'not json', permissions: '{"a":1}' })
        .where('code', '=', 'editor')
        .execute()
      expect(await info()).toMatchObject({ Abilities: [], Permissions: [] })
    } finally {
      await t.db.db.updateTable('roles').set(role).where('code', '=', 'editor').execute()
    }
    expect((await info()).Abilities).toEqual(JSON.parse(role.abilities))
  })

  it('lists every route with its permission in the route table, without HEAD', () => {
    const table = t.app.permissionTable
    // only route entries: a method and an address each
    expect(table.every((r) => typeof r.method === 'string' && r.url.startsWith('/'))).toBe(true)
    expect(table.some((r) => r.method === 'HEAD')).toBe(false)
    const get = table.filter((r) => r.url === '/api/User/Get')
    expect(get).toEqual([
      { method: 'GET', url: '/api/User/Get', permission: 'signedIn', menu: undefined },
    ])
    const refreshRoutes = table.filter((r) => r.url === '/api/User/RefreshToken')
    expect(refreshRoutes.map((r) => r.method).sort()).toEqual(['GET', 'POST'])
    expect(refreshRoutes.every((r) => r.permission === undefined)).toBe(true)
    expect(table.some((r) => r.menu !== undefined && r.menu.length > 0)).toBe(true)
  })
})
