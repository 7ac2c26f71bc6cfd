import forge from 'node-forge'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '#server/modules/auth/session-repository'
import {
  createTestApp,
  registerWithCode,
  signIn,
  testPasswords,
  type TestApp,
} from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Body = {
  code: number
  msg: string
  data: { Token: string; RefreshToken: string } & Record<string, unknown>
}
const body = (r: { json: () => unknown }) => r.json() as Body
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const loginPair = async (username: keyof typeof testPasswords) =>
  body(
    await t.app.inject({
      method: 'POST',
      url: '/api/User/Login',
      payload: { username, password: testPasswords[username] },
    }),
  ).data

/** What jsencrypt does in the browser: 117-byte blocks, PKCS#1 v1.5, concatenated, base64. */
function encryptLike(pem: string, json: string): string {
  const key = forge.pki.publicKeyFromPem(pem)
  const bytes = forge.util.encodeUtf8(json)
  let out = ''
  for (let i = 0; i < bytes.length; i += 117)
    out += key.encrypt(bytes.slice(i, i + 117), 'RSAES-PKCS1-V1_5')
  return forge.util.encode64(out)
}

describe('encrypted sign-in', () => {
  it('publishes the public key at /publicKey and under the prefix', async () => {
    const a = (await t.app.inject('/publicKey')).json() as {
      code: number
      msg: string
      data: { publicKey: string; mockServer: boolean }
    }
    const b = (await t.app.inject('/api/publicKey')).json() as { data: { publicKey: string } }
    expect(a).toMatchObject({ code: 200, msg: 'ok' })
    expect(a.data.publicKey).toContain('BEGIN PUBLIC KEY')
    expect(a.data.mockServer).toBe(false)
    expect(b.data.publicKey).toBe(a.data.publicKey)
  })

  it('accepts credentials encrypted in 117-byte blocks, also when longer than one block', async () => {
    const { data } = (await t.app.inject('/publicKey')).json() as { data: { publicKey: string } }
    const padding = '填充'.repeat(30) // three blocks: the most a sign-in may use
    const param = encryptLike(
      data.publicKey,
      JSON.stringify({ username: 'admin', password: testPasswords.admin, padding }),
    )
    expect(Buffer.from(param, 'base64').length).toBeGreaterThan(128)
    const res = await t.app.inject({ method: 'POST', url: '/api/User/Login', payload: { param } })
    expect(body(res).data.Token).toBeTruthy()
  })

  it('answers tampered, truncated and non-base64 payloads like a wrong password', async () => {
    const { data } = (await t.app.inject('/publicKey')).json() as { data: { publicKey: string } }
    const good = encryptLike(
      data.publicKey,
      JSON.stringify({ username: 'admin', password: testPasswords.admin }),
    )
    const raw = Buffer.from(good, 'base64')
    raw[10] = raw[10]! ^ 0xff
    const wrong = (
      await t.app.inject({
        method: 'POST',
        url: '/api/User/Login',
        payload: { username: 'admin', password: 'bad-password' },
        remoteAddress: '10.1.0.1',
      })
    ).json()
    for (const [i, param] of [
      raw.toString('base64'),
      good.slice(0, 100),
      '***not base64***',
    ].entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/User/Login',
        payload: { param },
        remoteAddress: `10.1.0.${i + 2}`,
      })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual(wrong)
    }
  })
})

describe('tokens and sessions', () => {
  it('accepts the token as Bearer or as a token header', async () => {
    const { Token } = await loginPair('staff')
    const a = await t.app.inject({ url: '/api/User/Get', headers: bearer(Token) })
    const b = await t.app.inject({ url: '/api/User/Get', headers: { token: Token } })
    expect(body(a).data).toMatchObject({
      LoginName: 'staff',
      Role: 'staff',
      Abilities: ['READ', 'ORDERS'],
    })
    expect(b.json()).toEqual(a.json())
  })

  it('answers 401 without a token and 10001 with an expired one', async () => {
    expect((await t.app.inject('/api/User/Get')).statusCode).toBe(401)
    expect(
      (await t.app.inject({ url: '/api/User/Get', headers: bearer('made-up') })).statusCode,
    ).toBe(401)
    const { Token } = await loginPair('staff')
    await t.db.db
      .updateTable('sessions')
      .set({ access_expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute()
    const res = await t.app.inject({ url: '/api/User/Get', headers: bearer(Token) })
    expect(body(res).code).toBe(10001)
  })

  it('rotates refresh tokens; a reused one answers 10002 and revokes the family', async () => {
    const first = await loginPair('editor')
    const r1 = body(await t.app.inject(`/api/User/RefreshToken?refreshToken=${first.RefreshToken}`))
    expect(r1.code).toBe(200)
    expect(r1.data.RefreshToken).not.toBe(first.RefreshToken)
    const reuse = body(
      await t.app.inject(`/api/User/RefreshToken?refreshToken=${first.RefreshToken}`),
    )
    expect(reuse.code).toBe(10002)
    // the whole family is gone: the rotated pair no longer works either
    expect(
      body(await t.app.inject(`/api/User/RefreshToken?refreshToken=${r1.data.RefreshToken}`)).code,
    ).toBe(10002)
    expect(
      (await t.app.inject({ url: '/api/User/Get', headers: bearer(r1.data.Token) })).statusCode,
    ).toBe(401)
    const log = await t.db.db
      .selectFrom('system_log')
      .select(['account', 'result'])
      .where('result', '=', 'attack')
      .execute()
    expect(log).toContainEqual({ account: 'editor', result: 'attack' })
  })

  it('refuses expired and unknown refresh tokens with 10002', async () => {
    const pair = await loginPair('staff')
    await t.db.db
      .updateTable('sessions')
      .set({ refresh_expires_at: new Date(Date.now() - 1).toISOString() })
      .where('refresh_hash', '=', hashToken(pair.RefreshToken))
      .execute()
    expect(
      body(await t.app.inject(`/api/User/RefreshToken?refreshToken=${pair.RefreshToken}`)).code,
    ).toBe(10002)
    expect(body(await t.app.inject('/api/User/RefreshToken?refreshToken=nothing')).code).toBe(10002)
  })

  it('logout revokes the session on the server', async () => {
    const { Token, RefreshToken } = await loginPair('staff')
    expect((await t.app.inject({ url: '/logout', headers: bearer(Token) })).statusCode).toBe(200)
    expect((await t.app.inject({ url: '/api/User/Get', headers: bearer(Token) })).statusCode).toBe(
      401,
    )
    expect(
      body(await t.app.inject(`/api/User/RefreshToken?refreshToken=${RefreshToken}`)).code,
    ).toBe(10002)
  })

  it('a ban or a role change takes effect on the next request', async () => {
    const token = await signIn(t.app, 'editor')
    const list = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/Leaving/GetList',
        payload: {},
        headers: bearer(token),
      })
    expect((await list()).statusCode).toBe(200)
    await t.db.db
      .updateTable('users')
      .set({ role: 'staff' })
      .where('login_name', '=', 'editor')
      .execute()
    expect((await list()).statusCode).toBe(403)
    await t.db.db
      .updateTable('users')
      .set({ role: 'editor', ban: 1 })
      .where('login_name', '=', 'editor')
      .execute()
    expect((await list()).statusCode).toBe(401)
    await t.db.db.updateTable('users').set({ ban: 0 }).where('login_name', '=', 'editor').execute()
  })
})

describe('refresh races and bans', () => {
  const refresh = async (token: string) =>
    body(await t.app.inject(`/api/User/RefreshToken?refreshToken=${token}`))
  const familySessions = async (token: string) => {
    const s = await t.db.db
      .selectFrom('sessions')
      .select('family_id')
      .where('refresh_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow()
    return t.db.db
      .selectFrom('sessions')
      .select(['revoked_at'])
      .where('family_id', '=', s.family_id)
      .execute()
  }

  it('two concurrent refreshes with one token: one claims it, the other is a reuse that revokes the family', async () => {
    for (let round = 0; round < 8; round++) {
      const pair = await loginPair('staff')
      const answers = await Promise.all([refresh(pair.RefreshToken), refresh(pair.RefreshToken)])
      const codes = answers.map((a) => a.code)
      // the loser always hears 10002; the winner gets a pair, or 10002 when the reuse revoked
      // the family before its new session was written
      expect(
        codes.filter((c) => c === 10002).length,
        `round ${round}: ${codes.join(',')}`,
      ).toBeGreaterThanOrEqual(1)
      expect(
        codes.every((c) => c === 200 || c === 10002),
        `round ${round}: ${codes.join(',')}`,
      ).toBe(true)
      // either way no pair of the family works any more
      for (const won of answers.filter((a) => a.code === 200)) {
        expect(
          (await t.app.inject({ url: '/api/User/Get', headers: bearer(won.data.Token) }))
            .statusCode,
          `round ${round}`,
        ).toBe(401)
        expect((await refresh(won.data.RefreshToken)).code, `round ${round}`).toBe(10002)
      }
      const family = await familySessions(pair.RefreshToken)
      expect(family.length, `round ${round}`).toBeLessThanOrEqual(2)
      expect(
        family.every((s) => s.revoked_at !== null),
        `round ${round}`,
      ).toBe(true)
    }
    // a session of another family is untouched
    const other = await loginPair('staff')
    expect((await refresh(other.RefreshToken)).code).toBe(200)
  })

  it('a banned user cannot refresh: 10002 and no new session', async () => {
    const pair = await loginPair('editor')
    const count = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('sessions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    await t.db.db.updateTable('users').set({ ban: 1 }).where('login_name', '=', 'editor').execute()
    try {
      const before = await count()
      const answer = await t.app.inject({
        url: `/api/User/RefreshToken?refreshToken=${pair.RefreshToken}`,
        headers: { 'accept-language': 'en' },
      })
      expect(answer.statusCode).toBe(200)
      expect(body(answer).code).toBe(10002)
      expect(body(answer).msg).toMatch(/\S/)
      expect(await count()).toBe(before)
      expect(
        (await t.app.inject({ url: '/api/User/Get', headers: bearer(pair.Token) })).statusCode,
      ).toBe(401)
    } finally {
      await t.db.db
        .updateTable('users')
        .set({ ban: 0 })
        .where('login_name', '=', 'editor')
        .execute()
    }
  })
})

describe('password change', () => {
  it('checks the old password and length, answers 10000, and revokes other sessions', async () => {
    const other = await signIn(t.app, 'staff')
    const mine = await signIn(t.app, 'staff')
    const change = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/User/ModifyMyPass',
        payload,
        headers: bearer(mine),
      })
    expect(body(await change({ oldPass: 'wrong-old-pass', newPass: 'new-pass-123' })).code).toBe(
      500,
    )
    const short = await change({ oldPass: testPasswords.staff, newPass: 'short' })
    expect(short.statusCode).toBe(400)
    expect((short.json() as { errors: Record<string, string> }).errors.newPass).toBe(
      '密码不能少于8位',
    )
    const ok = body(await change({ oldPass: testPasswords.staff, newPass: 'new-pass-123' }))
    expect(ok).toMatchObject({ code: 10000, msg: '密码修改成功' })
    expect((await t.app.inject({ url: '/api/User/Get', headers: bearer(other) })).statusCode).toBe(
      401,
    )
    expect((await t.app.inject({ url: '/api/User/Get', headers: bearer(mine) })).statusCode).toBe(
      200,
    )
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/User/Login',
      payload: { username: 'staff', password: 'new-pass-123' },
    })
    expect(body(relogin).code).toBe(200)
    await change({ oldPass: 'new-pass-123', newPass: testPasswords.staff })
  })
})

describe('registration', () => {
  it('creates an account without a role that can sign in but open nothing', async () => {
    const res = await registerWithCode(t, {
      username: 'newbie',
      password: 'newbie-pass-1',
      mobile: '13700000102',
    })
    expect(body(res).code).toBe(200)
    // a taken name gets the very same answer, and the account is left as it was
    const dup = await registerWithCode(
      t,
      { username: 'newbie', password: 'other-pass-99', mobile: '13700000103' },
      '/api/register',
    )
    expect(dup.statusCode).toBe(200)
    expect(dup.body).toBe(res.body)
    const login = body(
      await t.app.inject({
        method: 'POST',
        url: '/api/User/Login',
        payload: { username: 'newbie', password: 'newbie-pass-1' },
      }),
    )
    const info = body(
      await t.app.inject({ url: '/api/User/Get', headers: bearer(login.data.Token) }),
    )
    expect(info.data).toMatchObject({ LoginName: 'newbie', Role: '', Abilities: [] })
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/Leaving/GetList',
      payload: {},
      headers: bearer(login.data.Token),
    })
    expect(denied.statusCode).toBe(403)
  })

  it('can be switched off by configuration', async () => {
    const closed = await createTestApp({
      REGISTRATION: 'false',
      SEED_DEMO: 'false',
      SMS_TEST_CODE: '246810',
    })
    try {
      const res = await closed.app.inject({
        method: 'POST',
        url: '/register',
        payload: {
          username: 'someone',
          password: 'someone-pass',
          mobile: '13700000104',
          code: '246810',
        },
      })
      expect(res.statusCode).toBe(403)
    } finally {
      await closed.close()
    }
  })
})

describe('sign-in rate limit', () => {
  it('answers 429 after repeated failures, while the same account from another address still gets in', async () => {
    let last = 0
    for (let i = 0; i < 30; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/User/Login',
        payload: { username: 'admin', password: `guess-${i}` },
        remoteAddress: '10.9.9.9',
      })
      last = r.statusCode
    }
    expect(last).toBe(429)
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/User/Login',
      payload: { username: 'admin', password: testPasswords.admin },
      remoteAddress: '10.9.9.9',
    })
    expect(blocked.statusCode).toBe(429)
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/User/Login',
      payload: { username: 'admin', password: testPasswords.admin },
      remoteAddress: '10.9.9.10',
    })
    expect(body(elsewhere).code).toBe(200)
  })
})
