import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logSmsSender } from '#server/modules/auth/sms-sender'
import { smsLimits } from '#server/modules/auth/sms-codes'
import { postCommon } from './helpers/system-calls.ts'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Body = { code: number; msg: string; data: { Token: string; resendSeconds: number } | null }
const body = (r: { json: () => unknown }) => r.json() as Body
let nextIp = 1
/** A fresh client address per test, so one test's counters do not touch another's. */
const freshIp = () => `198.51.100.${nextIp++}`

const send = (mobile: string, purpose: 'login' | 'register', ip: string, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/User/SendSmsCode',
    payload: { mobile, purpose },
    remoteAddress: ip,
    headers: { lang },
  })
const phoneLogin = (mobile: string, code: string, ip: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/User/PhoneLogin',
    payload: { mobile, code },
    remoteAddress: ip,
    headers: { lang: 'en' },
  })
const register = (p: { username: string; mobile: string; code: string }, ip: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/register',
    payload: { password: 'register-pass-1', ...p },
    remoteAddress: ip,
    headers: { lang: 'en' },
  })

/** Gives a seeded account a mobile number (admins do this in User management). */
async function giveMobile(login: string, mobile: string, app: TestApp = t) {
  await app.db.db.updateTable('users').set({ mobile }).where('login_name', '=', login).execute()
}

describe('phone codes', () => {
  it('signs in with the code sent to the number, once; the code is stored hashed', async () => {
    await giveMobile('staff', '13800000001')
    const ip = freshIp()
    const sent = await send('13800000001', 'login', ip)
    expect(body(sent)).toMatchObject({ code: 200, data: { resendSeconds: 60 } })
    const code = t.sms.lastCode('13800000001')!
    expect(code).toMatch(/^\d{6}$/)
    const rows = await t.db.db
      .selectFrom('sms_code')
      .selectAll()
      .where('mobile', '=', '13800000001')
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]!.code_hash).not.toContain(code)
    const ok = body(await phoneLogin('13800000001', code, ip))
    expect(ok.code).toBe(200)
    const info = await t.app.inject({
      url: '/api/User/Get',
      headers: { authorization: `Bearer ${ok.data!.Token}` },
    })
    expect((info.json() as { data: { LoginName: string } }).data.LoginName).toBe('staff')
    // single use
    expect(body(await phoneLogin('13800000001', code, ip))).toMatchObject({
      code: 500,
      msg: 'Verification code wrong',
    })
  })

  it('refuses an expired code', async () => {
    await giveMobile('editor', '13800000002')
    const ip = freshIp()
    await send('13800000002', 'login', ip)
    const code = t.sms.lastCode('13800000002')!
    await t.db.db
      .updateTable('sms_code')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('mobile', '=', '13800000002')
      .execute()
    expect(body(await phoneLogin('13800000002', code, ip))).toMatchObject({
      code: 500,
      msg: 'Verification code wrong',
    })
  })

  it('answers a number without an account like any other, but sends nothing to it', async () => {
    const before = t.sms.sent.length
    const res = await send('13900000009', 'login', freshIp())
    expect(body(res)).toMatchObject({ code: 200, data: { resendSeconds: 60 } })
    expect(t.sms.sent.length).toBe(before)
  })

  it('does not take the fixed test code unless SMS_TEST_CODE is set', async () => {
    expect(t.config.smsTestCode).toBeNull()
    await giveMobile('admin', '13800000003')
    for (const guess of ['123456', '1234', '000000']) {
      expect(body(await phoneLogin('13800000003', guess, freshIp())).code).toBe(500)
    }
    const withTest = await createTestApp({ SMS_TEST_CODE: '246810', SEED_DEMO: 'false' })
    try {
      await giveMobile('admin', '13800000003', withTest)
      expect(body(await phoneLogin('13800000003', '246810', freshIp(), withTest.app)).code).toBe(
        200,
      )
      expect(body(await phoneLogin('13800000003', '135790', freshIp(), withTest.app)).code).toBe(
        500,
      )
    } finally {
      await withTest.close()
    }
  })

  it('waits 60 seconds between codes to one number and limits codes per number and per address', async () => {
    const ip = freshIp()
    expect(body(await send('13700000001', 'register', ip)).code).toBe(200)
    const again = await send('13700000001', 'register', freshIp(), 'zh')
    expect(again.statusCode).toBe(429)
    expect(body(again).msg).toBe('验证码发送过于频繁，请稍后再试')
    // per address: different numbers from one address
    const flood = freshIp()
    const codes: number[] = []
    for (let i = 0; i < smsLimits.sendPerAddressPerHour + 1; i++)
      codes.push((await send(`1360000${String(i).padStart(4, '0')}`, 'register', flood)).statusCode)
    expect(codes.slice(0, smsLimits.sendPerAddressPerHour).every((c) => c === 200)).toBe(true)
    expect(codes.at(-1)).toBe(429)
    // the limit holds in the shared store (PostgreSQL: shared by every instance)
    expect(await t.app.limits.count(`sms:send:ip:${flood}`)).toBe(
      smsLimits.sendPerAddressPerHour + 1,
    )
  })

  it('locks a number after repeated wrong codes, even for the right one, while another number still works', async () => {
    await giveMobile('staff', '13800000004')
    const ip = freshIp()
    await send('13800000004', 'login', ip)
    const code = t.sms.lastCode('13800000004')!
    const wrong = code === '000000' ? '000001' : '000000'
    for (let i = 0; i < smsLimits.failuresPerNumber; i++)
      expect(body(await phoneLogin('13800000004', wrong, freshIp())).code).toBe(500)
    const locked = await phoneLogin('13800000004', code, ip)
    expect(locked.statusCode).toBe(429)
    expect(body(locked).msg).toBe('Too many wrong codes; try again in 15 minutes')
  })

  it('limits wrong codes per address across numbers', async () => {
    const ip = freshIp()
    let last = 0
    for (let i = 0; i <= smsLimits.failuresPerAddress; i++)
      last = (await phoneLogin(`1350000${String(i).padStart(4, '0')}`, '000000', ip)).statusCode
    expect(last).toBe(429)
    expect((await phoneLogin('13500009999', '000000', freshIp())).statusCode).toBe(200)
  })

  it('refuses malformed numbers and codes with the SPEC messages', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/User/PhoneLogin',
      payload: { mobile: '2380000000', code: '' },
      headers: { lang: 'en' },
    })
    expect(bad.statusCode).toBe(400)
    const errors = (bad.json() as { errors: Record<string, string> }).errors
    expect(errors.mobile).toBe('Please enter a correct phone number, digits only')
    expect(errors.code).toBe('Please input the phone verification code')
    // a number must end after its 11 digits: for codes, sign-in and sign-up alike
    const ip = freshIp()
    for (const mobile of ['138001380001', '13800138000abc']) {
      for (const r of [
        await send(mobile, 'login', ip),
        await send(mobile, 'register', ip),
        await phoneLogin(mobile, '123456', ip),
        await register({ username: 'too-long-1', mobile, code: '123456' }, ip),
      ]) {
        expect(r.statusCode, mobile).toBe(400)
        expect((r.json() as { errors: Record<string, string> }).errors.mobile, mobile).toBe(
          'Please enter a correct phone number, digits only',
        )
      }
    }
    expect(t.sms.lastCode('138001380001')).toBeUndefined()
  })

  it('the development sender writes the code to the log at debug level only', async () => {
    const lines: unknown[] = []
    const log = { debug: (o: unknown) => lines.push(o) } as never
    await logSmsSender(log).send({
      mobile: '13800000000',
      code: '123123',
      purpose: 'login',
      lang: 'zh',
      expiresInMinutes: 5,
    })
    expect(lines).toEqual([expect.objectContaining({ mobile: '13800000000', smsCode: '123123' })])
  })
})

describe('sign-up with a phone code', () => {
  it('creates a role-less account with the proven number; a wrong code or a taken number creates nothing', async () => {
    const ip = freshIp()
    await send('13700000002', 'register', ip)
    const code = t.sms.lastCode('13700000002')!
    expect(
      body(
        await register(
          {
            username: 'phone-user',
            mobile: '13700000002',
            code: code === '000000' ? '111111' : '000000',
          },
          ip,
        ),
      ),
    ).toMatchObject({
      code: 500,
      msg: 'Verification code wrong',
    })
    expect(
      body(await register({ username: 'phone-user', mobile: '13700000002', code }, ip)).code,
    ).toBe(200)
    const row = await t.db.db
      .selectFrom('users')
      .select(['role', 'mobile'])
      .where('login_name', '=', 'phone-user')
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ role: '', mobile: '13700000002' })
    // a second account for the same number
    await t.app.limits.reset('sms:send:wait:13700000002')
    await send('13700000002', 'register', ip)
    const taken = body(
      await register(
        { username: 'phone-user-2', mobile: '13700000002', code: t.sms.lastCode('13700000002')! },
        ip,
      ),
    )
    expect(taken).toMatchObject({
      code: 500,
      msg: 'This mobile number already has an account; sign in with a phone code',
    })
    expect(
      await t.db.db
        .selectFrom('users')
        .select('id')
        .where('login_name', '=', 'phone-user-2')
        .executeTakeFirst(),
    ).toBeUndefined()
  })

  it('is closed with REGISTRATION=false: no page option, no code, no account', async () => {
    expect(
      (
        (await t.app.inject('/api/User/SignUpOptions')).json() as {
          data: { registration: boolean }
        }
      ).data.registration,
    ).toBe(true)
    const closed = await createTestApp({
      REGISTRATION: 'false',
      SEED_DEMO: 'false',
      SMS_TEST_CODE: '246810',
    })
    try {
      expect(
        (
          (await closed.app.inject('/api/User/SignUpOptions')).json() as {
            data: { registration: boolean }
          }
        ).data.registration,
      ).toBe(false)
      const code = await closed.app.inject({
        method: 'POST',
        url: '/api/User/SendSmsCode',
        payload: { mobile: '13700000003', purpose: 'register' },
      })
      expect(code.statusCode).toBe(403)
      expect(closed.sms.sent).toHaveLength(0)
      expect(
        (
          await register(
            { username: 'closed-user', mobile: '13700000003', code: '246810' },
            freshIp(),
            closed.app,
          )
        ).statusCode,
      ).toBe(403)
      // phone sign-in stays open
      expect(
        (
          await closed.app.inject({
            method: 'POST',
            url: '/api/User/SendSmsCode',
            payload: { mobile: '13700000003', purpose: 'login' },
          })
        ).statusCode,
      ).toBe(200)
    } finally {
      await closed.close()
    }
  })
})

describe('forced password change', () => {
  it('refuses the temporary password as the new one; once changed the temporary one stops working', async () => {
    const admin = await signIn(t.app, 'admin')
    const created = await postCommon(t, admin, 'SaveUser', {
      insertRecords: [{ LoginName: 'tempuser', Role: 'staff', Password: 'temporary-pass-1' }],
    })
    expect(created.status).toBe(200)
    const login = async (password: string) =>
      body(
        await t.app.inject({
          method: 'POST',
          url: '/api/User/Login',
          payload: { username: 'tempuser', password },
          remoteAddress: freshIp(),
        }),
      )
    const token = (await login('temporary-pass-1')).data!.Token
    const change = (oldPass: string, newPass: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/User/ModifyMyPass',
        payload: { oldPass, newPass },
        headers: { authorization: `Bearer ${token}`, lang: 'en' },
      })
    expect(body(await change('temporary-pass-1', 'temporary-pass-1'))).toMatchObject({
      code: 500,
      msg: 'The new password must differ from the current one',
    })
    const still = await t.db.db
      .selectFrom('users')
      .select('must_change_password')
      .where('login_name', '=', 'tempuser')
      .executeTakeFirstOrThrow()
    expect(still.must_change_password).toBe(1)
    expect(body(await change('temporary-pass-1', 'my-own-pass-77')).code).toBe(10000)
    expect((await login('temporary-pass-1')).code).toBe(500)
    expect((await login('my-own-pass-77')).code).toBe(200)
  })
})
