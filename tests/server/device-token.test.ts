import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deviceCookieName, deviceTokenLifetimeDays } from '#shared/contract/sign-in'
import { createDeviceTokens, loadDeviceKey } from '#server/modules/auth/device-token'
import { createTestApp, signIn, testPasswords, type TestApp } from './helpers/test-app.ts'

/**
 * One address cannot lock a factory out: 30 failed sign-ins for made-up names from one address
 * block that address, but a browser that signed in before (a valid device token for the account)
 * still gets in with the right password; the per-account lockout still holds for it, and a
 * password change revokes its token. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp
let nextAddress = 10

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
})
afterAll(() => t.close())

/** A fresh client address (each test starts with clean counters). */
const address = () => `10.20.0.${nextAddress++}`

function login(ip: string, username: string, password: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/User/Login',
    remoteAddress: ip,
    headers: { lang: 'en', ...(cookie ? { cookie } : {}) },
    payload: { username, password },
  })
}

/** The device cookie a successful sign-in set, as a browser sends it back. */
function deviceCookie(res: Awaited<ReturnType<typeof login>>): string {
  const header = res.headers['set-cookie']
  const line = (Array.isArray(header) ? header : [header ?? '']).find((h) =>
    h.startsWith(`${deviceCookieName}=`),
  )
  expect(line, 'no device cookie').toBeTruthy()
  return line!.split(';')[0]!
}

/** 30 failed sign-ins for made-up names: the address is locked. */
async function lockAddress(ip: string) {
  for (let i = 0; i < 30; i++) {
    const res = await login(ip, `nobody-${i}`, 'wrong-password')
    expect(res.statusCode).toBe(200)
  }
  expect((await login(ip, 'nobody-else', 'wrong-password')).statusCode).toBe(429)
}

describe('device tokens and the per-address lockout', () => {
  it('a successful sign-in sets an HttpOnly, SameSite=Strict cookie for the sign-in path only', async () => {
    const res = await login(address(), 'staff', testPasswords.staff)
    expect(res.json()).toMatchObject({ code: 200 })
    const header = String(res.headers['set-cookie'])
    expect(header).toMatch(new RegExp(`^${deviceCookieName}=[\\w.~-]+; `))
    expect(header).toContain('Path=/api/User/Login')
    expect(header).toContain(`Max-Age=${deviceTokenLifetimeDays * 86_400}`)
    expect(header).toContain('HttpOnly')
    expect(header).toContain('SameSite=Strict')
    // a failed sign-in sets none
    const failed = await login(address(), 'staff', 'wrong-password')
    expect(failed.headers['set-cookie']).toBeUndefined()
  })

  it('after 30 failures for made-up names, the right password works with a device token and answers 429 without', async () => {
    const ip = address()
    const known = deviceCookie(await login(ip, 'staff', testPasswords.staff))
    await lockAddress(ip)
    const without = await login(ip, 'staff', testPasswords.staff)
    expect(without.statusCode).toBe(429)
    expect(without.json()).toMatchObject({ code: 429 })
    const withToken = await login(ip, 'staff', testPasswords.staff, known)
    expect(withToken.statusCode).toBe(200)
    expect(withToken.json()).toMatchObject({ code: 200, data: { Token: expect.any(String) } })
    // a wrong password is still wrong
    expect((await login(ip, 'staff', 'wrong-password', known)).json()).toMatchObject({
      code: 500,
    })
  })

  it('exempts only the account it was issued for, and only while it verifies', async () => {
    const ip = address()
    const staffCookie = deviceCookie(await login(ip, 'staff', testPasswords.staff))
    await lockAddress(ip)
    expect((await login(ip, 'editor', testPasswords.editor, staffCookie)).statusCode).toBe(429)
    const [name, value] = staffCookie.split('=') as [string, string]
    const tampered = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`
    expect((await login(ip, 'staff', testPasswords.staff, tampered)).statusCode).toBe(429)
    // another account's name put into the token: the signature no longer matches
    const [, issued, nonce, mac] = value.split('.')
    const forged = `${name}=${Buffer.from('editor').toString('base64url')}.${issued}.${nonce}.${mac}`
    expect((await login(ip, 'editor', testPasswords.editor, forged)).statusCode).toBe(429)
    expect((await login(ip, 'staff', testPasswords.staff, staffCookie)).statusCode).toBe(200)
  })

  it('keeps one token per account a browser signed in to', async () => {
    const ip = address()
    const first = deviceCookie(await login(ip, 'staff', testPasswords.staff))
    const both = deviceCookie(await login(ip, 'editor', testPasswords.editor, first))
    await lockAddress(ip)
    expect((await login(ip, 'staff', testPasswords.staff, both)).statusCode).toBe(200)
    expect((await login(ip, 'editor', testPasswords.editor, both)).statusCode).toBe(200)
  })

  it('an administrator’s password reset revokes them too', async () => {
    const ip = address()
    const old = deviceCookie(await login(ip, 'editor', testPasswords.editor))
    const admin = await signIn(t.app, 'admin')
    const editor = await t.db.db
      .selectFrom('users')
      .select('id')
      .where('login_name', '=', 'editor')
      .executeTakeFirstOrThrow()
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/PostData/PostCommon',
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        postUrl: 'ResetUserPassword',
        postData: { updateRecords: [{ Id: editor.id, Password: testPasswords.editor }] },
      },
    })
    expect(reset.statusCode).toBe(200)
    await lockAddress(ip)
    expect((await login(ip, 'editor', testPasswords.editor, old)).statusCode).toBe(429)
  })

  it('the API document names the cookie of User/Login', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json() as {
      paths: Record<
        string,
        { post: { parameters?: { in: string; name: string }[]; description?: string } }
      >
    }
    const op = doc.paths['/api/User/Login']!.post
    expect(op.parameters).toContainEqual(
      expect.objectContaining({ in: 'cookie', name: deviceCookieName }),
    )
    expect(op.description).toContain(`Set-Cookie: ${deviceCookieName}=`)
  })

  it('does not exempt from the per-account lockout', async () => {
    const ip = address()
    const known = deviceCookie(await login(ip, 'editor', testPasswords.editor))
    for (let i = 0; i < 10; i++) await login(ip, 'editor', 'wrong-password', known)
    expect((await login(ip, 'editor', testPasswords.editor, known)).statusCode).toBe(429)
  })

  it('a password change revokes the tokens of the account', async () => {
    const ip = address()
    const old = deviceCookie(await login(ip, 'staff', testPasswords.staff))
    const token = await signIn(t.app, 'staff')
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/User/ModifyMyPass',
      headers: { authorization: `Bearer ${token}` },
      payload: { oldPass: testPasswords.staff, newPass: 'changed-pass-123' },
    })
    expect(changed.json()).toMatchObject({ code: 10000 })
    try {
      await lockAddress(ip)
      expect((await login(ip, 'staff', 'changed-pass-123', old)).statusCode).toBe(429)
      // from another address, signing in again gives a new token that works
      const fresh = deviceCookie(await login(address(), 'staff', 'changed-pass-123'))
      expect((await login(ip, 'staff', 'changed-pass-123', fresh)).statusCode).toBe(200)
    } finally {
      // the password as the seed set it (other tests sign in with it)
      const { hashPassword } = await import('#server/modules/auth/passwords')
      await t.db.db
        .updateTable('users')
        .set({ password_hash: await hashPassword(testPasswords.staff) })
        .where('login_name', '=', 'staff')
        .execute()
    }
  })
})

describe('the signing key', () => {
  it('is made once and read back: every instance on the database verifies the others’ tokens', async () => {
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-device-'))
    try {
      const a = await loadDeviceKey(t.db, t.dataDir)
      // PostgreSQL: another instance (another DATA_DIR) reads the same key; SQLite: one DATA_DIR
      const b = await loadDeviceKey(t.db, t.db.dialect === 'postgres' ? otherDir : t.dataDir)
      expect(a.length).toBe(32)
      expect(b.equals(a)).toBe(true)
      const user = await t.db.db
        .selectFrom('users')
        .select(['login_name', 'password_hash'])
        .where('login_name', '=', 'editor')
        .executeTakeFirstOrThrow()
      const token = createDeviceTokens(t.db.db, a).issue(user)
      const trusted = await createDeviceTokens(t.db.db, b).trusted(`${deviceCookieName}=${token}`)
      expect([...trusted]).toEqual(['editor'])
      if (t.db.dialect === 'sqlite') {
        const mode = fs.statSync(path.join(t.dataDir, 'device-token-key')).mode & 0o777
        expect(mode).toBe(0o600)
      }
    } finally {
      fs.rmSync(otherDir, { recursive: true, force: true })
    }
  })

  it('a token past its lifetime no longer verifies', async () => {
    const key = await loadDeviceKey(t.db, t.dataDir)
    const user = await t.db.db
      .selectFrom('users')
      .select(['login_name', 'password_hash'])
      .where('login_name', '=', 'editor')
      .executeTakeFirstOrThrow()
    const issuedAt = Date.now() - deviceTokenLifetimeDays * 86_400_000 - 1000
    const token = createDeviceTokens(t.db.db, key, () => issuedAt).issue(user)
    const cookie = `${deviceCookieName}=${token}`
    expect((await createDeviceTokens(t.db.db, key).trusted(cookie)).size).toBe(0)
    const recent = createDeviceTokens(t.db.db, key).issue(user)
    expect(
      (await createDeviceTokens(t.db.db, key).trusted(`${deviceCookieName}=${recent}`)).size,
    ).toBe(1)
  })
})
