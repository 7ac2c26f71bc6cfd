import forge from 'node-forge'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app'
import { redactUrl, scrubLine } from '#server/logging'
import { createTestApp, testPasswords, type TestApp } from './helpers/test-app.ts'

type Pair = { Token: string; RefreshToken: string }
type Body = { code: number; data: Pair }

let t: TestApp
/** The same database served by an app that logs at info level into `lines`. */
let logged: FastifyInstance
const lines: string[] = []
const maxAge = 3600
beforeAll(async () => {
  t = await createTestApp({
    SESSION_MAX_AGE_SECONDS: String(maxAge),
    ACCESS_TOKEN_TTL_SECONDS: '86400',
  })
  logged = await buildApp(
    { config: { ...t.config, logLevel: 'trace' }, db: t.db },
    { logStream: { write: (l) => lines.push(l) } },
  )
  await logged.ready()
})
afterAll(async () => {
  await logged.close()
  await t.close()
})

const json = (r: { json: () => unknown }) => r.json() as Body
const signIn = async (app: FastifyInstance, username: keyof typeof testPasswords) =>
  json(
    await app.inject({
      method: 'POST',
      url: '/api/User/Login',
      payload: { username, password: testPasswords[username] },
    }),
  ).data

function encrypt(pem: string, text: string): string {
  const key = forge.pki.publicKeyFromPem(pem)
  return forge.util.encode64(key.encrypt(forge.util.encodeUtf8(text), 'RSAES-PKCS1-V1_5'))
}

describe('the request log never carries a credential', () => {
  it('after sign-ins (plain and encrypted), refreshes by query, header and body, and URLs full of secrets', async () => {
    const secrets: string[] = [testPasswords.admin, testPasswords.staff]
    const pair = await signIn(logged, 'admin')
    const pem = (
      json(await logged.inject('/publicKey')) as unknown as { data: { publicKey: string } }
    ).data.publicKey
    const param = encrypt(pem, JSON.stringify({ username: 'staff', password: testPasswords.staff }))
    const viaParam = json(
      await logged.inject({ method: 'POST', url: '/api/User/Login', payload: { param } }),
    )
    expect(viaParam.code).toBe(200)
    secrets.push(
      param,
      pair.Token,
      pair.RefreshToken,
      viaParam.data.Token,
      viaParam.data.RefreshToken,
    )

    const byQuery = json(
      await logged.inject(
        `/api/User/RefreshToken?refreshToken=${encodeURIComponent(pair.RefreshToken)}`,
      ),
    )
    expect(byQuery.code).toBe(200)
    const byHeader = json(
      await logged.inject({
        url: '/api/User/RefreshToken',
        headers: { 'x-refresh-token': byQuery.data.RefreshToken },
      }),
    )
    expect(byHeader.code).toBe(200)
    const byBody = json(
      await logged.inject({
        method: 'POST',
        url: '/api/User/RefreshToken',
        payload: { refreshToken: byHeader.data.RefreshToken },
      }),
    )
    expect(byBody.code).toBe(200)
    secrets.push(
      byQuery.data.RefreshToken,
      byHeader.data.RefreshToken,
      byBody.data.RefreshToken,
      byBody.data.Token,
    )

    // unknown routes, refused queries and a handler that logs whole objects
    await logged.inject(
      `/api/Nowhere?refreshToken=leak-1-abcdef&password=leak-2-abcdef&param=leak-3-abcdef&code=leak-4-abcdef&ticket=leak-5-abcdef`,
    )
    await logged.inject({
      url: '/api/User/Get?token=leak-6-abcdef',
      headers: { authorization: 'Bearer leak-7-abcdef', cookie: 'fl_token=leak-8-abcdef' },
    })
    logged.log.info(
      {
        headers: { authorization: 'Bearer leak-9-abcdef', cookie: 'x=leak-10-abcdef' },
        body: { password: 'leak-11-abcdef', param: 'leak-12-abcdef' },
      },
      'a handler logs a request',
    )
    secrets.push(...Array.from({ length: 12 }, (_, i) => `leak-${i + 1}-abcdef`))

    const all = lines.join('')
    // the log is really written: the refresh call is there, with its token replaced
    expect(all).toContain('/api/User/RefreshToken?refreshToken=[redacted]')
    expect(all).toContain(
      '/api/Nowhere?refreshToken=[redacted]&password=[redacted]&param=[redacted]&code=[redacted]&ticket=[redacted]',
    )
    for (const secret of secrets)
      expect(all, `a log line holds ${secret.slice(0, 12)}…`).not.toContain(secret)
  })

  it('redacts sensitive query values and JSON fields, and nothing else', () => {
    expect(redactUrl('/api/x?a=1&refreshToken=abc&Code=9&postcode=100&b')).toBe(
      '/api/x?a=1&refreshToken=[redacted]&Code=[redacted]&postcode=100&b',
    )
    expect(redactUrl('/api/x')).toBe('/api/x')
    expect(
      scrubLine(
        '{"msg":"Route GET:/a?access_token=zz&page=2 not found","Password":"p\\"w","name":"ok"}',
      ),
    ).toBe(
      '{"msg":"Route GET:/a?access_token=[redacted]&page=2 not found","Password":"[redacted]","name":"ok"}',
    )
    // linear on hostile lines: one long name and value are scanned once
    const long = `{"msg":"/x?${'a'.repeat(200_000)}=${'b'.repeat(200_000)}"}`
    expect(scrubLine(long)).toBe(long)
  })
})

describe('refresh token in a header or body, and the absolute lifetime of a sign-in', () => {
  const refresh = (token: string) =>
    t.app.inject({ url: '/api/User/RefreshToken', headers: { 'x-refresh-token': token } })

  it('rotates by header and by body like by query; a reused token revokes the family', async () => {
    const pair = await signIn(t.app, 'staff')
    const a = json(await refresh(pair.RefreshToken))
    expect(a.code).toBe(200)
    const b = json(
      await t.app.inject({
        method: 'POST',
        url: '/api/User/RefreshToken',
        payload: { refreshToken: a.data.RefreshToken },
      }),
    )
    expect(b.code).toBe(200)
    expect(
      json(await t.app.inject(`/api/User/RefreshToken?refreshToken=${pair.RefreshToken}`)).code,
    ).toBe(10002)
    expect(json(await refresh(b.data.RefreshToken)).code).toBe(10002)
    expect(
      json(await t.app.inject({ method: 'POST', url: '/api/User/RefreshToken', payload: {} })).code,
    ).toBe(10002)
  })

  it('a family past SESSION_MAX_AGE_SECONDS is refused even if rotated a moment ago', async () => {
    const pair = await signIn(t.app, 'staff')
    const rotated = json(await refresh(pair.RefreshToken))
    expect(rotated.code).toBe(200)
    const row = await t.db.db
      .selectFrom('sessions')
      .select(['family_id', 'family_started_at', 'refresh_expires_at', 'access_expires_at'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    // the sliding TTLs (7 days, 30 min) are capped by the family's end
    const familyEnd = Date.parse(row.family_started_at!) + maxAge * 1000
    expect(Date.parse(row.refresh_expires_at)).toBeLessThanOrEqual(familyEnd)
    expect(Date.parse(row.access_expires_at)).toBeLessThanOrEqual(familyEnd)
    // the sign-in happened longer ago than the absolute lifetime
    const longAgo = new Date(Date.now() - maxAge * 1000 - 1000).toISOString()
    await t.db.db
      .updateTable('sessions')
      .set({ family_started_at: longAgo })
      .where('family_id', '=', row.family_id)
      .execute()
    await t.db.db
      .updateTable('sessions')
      .set({ refresh_expires_at: new Date(Date.now() + 86_400_000).toISOString() })
      .where('family_id', '=', row.family_id)
      .execute()
    expect(json(await refresh(rotated.data.RefreshToken)).code).toBe(10002)
  })
})
