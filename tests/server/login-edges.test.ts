import forge from 'node-forge'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, testPasswords, type TestApp } from './helpers/test-app.ts'

/*
 * Wrong-password counting at sign-in and at a password change (mutation survivors):
 * which counter a failure and a success touch, an encrypted sign-in counted like a plain one,
 * and what each refusal writes to the system log.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
})
afterAll(() => t.close())

type Body = { code: number; msg: string; data: { Token: string } | null }
const body = (r: { json: () => unknown }) => r.json() as Body
const login = (payload: object, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/User/Login',
    payload,
    remoteAddress: ip,
    headers: { lang: 'en' },
  })
const logRows = (result: string) =>
  t.db.db
    .selectFrom('system_log')
    .select(['account', 'operation', 'log_type', 'ip'])
    .where('result', '=', result)
    .execute()

let publicKey = ''
/** What the sign-in page sends: the credentials RSA-encrypted as `param`. */
function encrypted(username: string, password: string) {
  const key = forge.pki.publicKeyFromPem(publicKey)
  const bytes = forge.util.encodeUtf8(JSON.stringify({ username, password }))
  return { param: forge.util.encode64(key.encrypt(bytes, 'RSAES-PKCS1-V1_5')) }
}
beforeAll(async () => {
  publicKey = ((await t.app.inject('/publicKey')).json() as { data: { publicKey: string } }).data
    .publicKey
})

describe('sign-in failures', () => {
  it("a success clears the account's failures from that address", async () => {
    const ip = '198.18.0.1'
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++)
        expect(body(await login({ username: 'staff', password: `wrong-${i}` }, ip)).code).toBe(500)
      expect(
        body(await login({ username: 'staff', password: testPasswords.staff }, ip)).code,
        `round ${round}`,
      ).toBe(200)
    }
  })

  it('counts an encrypted sign-in against its account, and refuses it once the account is blocked', async () => {
    const ip = '198.18.0.2'
    for (let i = 0; i < 10; i++)
      expect(body(await login(encrypted('editor', `wrong-${i}`), ip)).code).toBe(500)
    const blocked = await login(encrypted('editor', testPasswords.editor), ip)
    expect(blocked.statusCode).toBe(429)
    // the plain form is blocked too (same account, same address), another account is not
    expect(
      (await login({ username: 'editor', password: testPasswords.editor }, ip)).statusCode,
    ).toBe(429)
    expect(body(await login(encrypted('staff', testPasswords.staff), ip)).code).toBe(200)
    const rows = await logRows('login blocked')
    expect(rows).toContainEqual({ account: 'editor', operation: 'login', log_type: 'system', ip })
  })

  it('an address blocked over many accounts logs the name each refused request gives', async () => {
    const ip = '198.18.0.6'
    for (let i = 0; i < 30; i++)
      await login({ username: `nobody-${i}`, password: 'wrong-pass-x' }, ip)
    const refused = await login({ username: ' staff ', password: testPasswords.staff }, ip)
    expect(refused.statusCode).toBe(429)
    expect(await logRows('login blocked')).toContainEqual({
      account: 'staff',
      operation: 'login',
      log_type: 'system',
      ip,
    })
  })

  it('answers a sign-in with ok and a token pair', async () => {
    const res = await login({ username: 'staff', password: testPasswords.staff }, '198.18.0.7')
    expect(body(res)).toMatchObject({ code: 200, msg: 'ok' })
  })

  it('counts a name with surrounding spaces as the account', async () => {
    const ip = '198.18.0.3'
    for (let i = 0; i < 10; i++)
      await login({ username: i % 2 ? ' admin ' : 'ADMIN', password: `wrong-${i}` }, ip)
    expect((await login({ username: 'admin', password: testPasswords.admin }, ip)).statusCode).toBe(
      429,
    )
    expect(
      (await login({ username: ' admin', password: testPasswords.admin }, ip)).statusCode,
    ).toBe(429)
  })

  it('logs failures and successes with the account and the address', async () => {
    const ip = '198.18.0.4'
    await login({ username: 'staff', password: 'wrong-pass-x' }, ip)
    await login(encrypted('staff', testPasswords.staff), ip)
    expect(await logRows('login failure')).toContainEqual({
      account: 'staff',
      operation: 'login',
      log_type: 'system',
      ip,
    })
    expect(await logRows('login success')).toContainEqual({
      account: 'staff',
      operation: 'login',
      log_type: 'system',
      ip,
    })
  })

  it('an undecryptable payload is a failure of no account', async () => {
    const ip = '198.18.0.5'
    expect(body(await login({ param: 'QUJD' }, ip)).code).toBe(500)
    expect(await logRows('login failure')).toContainEqual({
      account: '',
      operation: 'login',
      log_type: 'system',
      ip,
    })
    // an encrypted text that is no credentials, or credentials of the wrong shape
    const key = forge.pki.publicKeyFromPem(publicKey)
    for (const text of ['not json', JSON.stringify({ username: 'staff' })]) {
      const param = forge.util.encode64(key.encrypt(text, 'RSAES-PKCS1-V1_5'))
      expect(body(await login({ param }, ip)).code).toBe(500)
    }
  })
})

describe('wrong current passwords at a password change', () => {
  const change = (token: string, oldPass: string, newPass: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/User/ModifyMyPass',
      payload: { oldPass, newPass },
      headers: { authorization: `Bearer ${token}`, lang: 'en' },
    })

  it('a right current password clears the count: five more wrong ones are answered as wrong', async () => {
    const token = await signIn(t.app, 'admin')
    for (let i = 0; i < 4; i++)
      expect(body(await change(token, `wrong-${i}`, 'new-admin-pass-1')).code).toBe(500)
    expect(body(await change(token, testPasswords.admin, 'new-admin-pass-1')).code).toBe(10000)
    for (let i = 0; i < 5; i++)
      expect(body(await change(token, `wrong-${i}`, 'new-admin-pass-2')).msg).toBe(
        'The current password is incorrect',
      )
    const locked = await change(token, 'new-admin-pass-1', testPasswords.admin)
    expect(locked.statusCode).toBe(429)
    const rows = await logRows('locked')
    expect(rows).toContainEqual(
      expect.objectContaining({
        account: 'admin',
        operation: 'change password',
        log_type: 'database',
      }),
    )
    const done = await logRows('success')
    expect(done).toContainEqual(
      expect.objectContaining({
        account: 'admin',
        operation: 'change password',
        log_type: 'database',
      }),
    )
  })

  it('a change ends the demand to change the password', async () => {
    await t.db.db
      .updateTable('users')
      .set({ must_change_password: 1 })
      .where('login_name', '=', 'editor')
      .execute()
    const token = await signIn(t.app, 'editor')
    const mustChange = async () =>
      (
        (
          await t.app.inject({
            url: '/api/User/Get',
            headers: { authorization: `Bearer ${token}` },
          })
        ).json() as {
          data: { MustChangePassword: boolean }
        }
      ).data.MustChangePassword
    expect(await mustChange()).toBe(true)
    expect(body(await change(token, testPasswords.editor, 'editor-new-pass-1')).code).toBe(10000)
    expect(await mustChange()).toBe(false)
    expect(body(await change(token, 'editor-new-pass-1', testPasswords.editor)).code).toBe(10000)
  })

  it('refuses the current password as the new one, and keeps it', async () => {
    const token = await signIn(t.app, 'staff')
    const same = await change(token, testPasswords.staff, testPasswords.staff)
    expect(body(same)).toMatchObject({ code: 500 })
    expect(body(same).msg).toMatch(/new password/i)
    // the same password in another Unicode form (full-width letters) is the same password
    const fullWidth = testPasswords.staff.replace('s', '\uff53')
    expect(fullWidth).not.toBe(testPasswords.staff)
    expect(body(await change(token, testPasswords.staff, fullWidth)).msg).toMatch(/new password/i)
    expect(
      body(await login({ username: 'staff', password: testPasswords.staff }, '198.18.0.9')).code,
    ).toBe(200)
  })
})
