import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app'
import {
  SmsSendError,
  unconfiguredSmsSender,
  type SmsSender,
} from '#server/modules/auth/sms-sender'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'
import { testTrigger } from './helpers/test-trigger.ts'

/*
 * Phone sign-in, code sending and sign-up around banned accounts, closed registration and the
 * system log (mutation survivors): who gets a code, who signs in, what is logged.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', REGISTRATION: 'false' })
})
afterAll(() => t.close())

type Body = { code: number; msg: string; data: { Token: string; resendSeconds: number } | null }
const body = (r: { json: () => unknown }) => r.json() as Body
let nextIp = 1
const freshIp = () => `198.19.0.${nextIp++}`
const send = (mobile: string, purpose: 'login' | 'register', ip = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/User/SendSmsCode',
    payload: { mobile, purpose },
    remoteAddress: ip,
    headers: { lang: 'en' },
  })
const phoneLogin = (mobile: string, code: string, ip = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/User/PhoneLogin',
    payload: { mobile, code },
    remoteAddress: ip,
    headers: { lang: 'en' },
  })
const setUser = (login: string, values: { mobile?: string; ban?: 0 | 1 }) =>
  t.db.db.updateTable('users').set(values).where('login_name', '=', login).execute()
const logRows = (account: string) =>
  t.db.db
    .selectFrom('system_log')
    .select(['operation', 'log_type', 'result', 'ip'])
    .where('account', '=', account)
    .orderBy('id')
    .execute()

describe('phone sign-in', () => {
  it("sends no code to a banned account's number and does not sign it in, answering like any number", async () => {
    await setUser('staff', { mobile: '13800000101', ban: 1 })
    try {
      const before = t.sms.sent.length
      const ip = freshIp()
      const sent = await send('13800000101', 'login', ip)
      expect(body(sent)).toEqual({
        code: 200,
        msg: 'The verification code has been sent',
        data: { resendSeconds: 60 },
      })
      expect(t.sms.sent.length).toBe(before)
      expect(await logRows('13800000101')).toEqual([
        { operation: 'sms code login', log_type: 'system', result: 'no account', ip },
      ])
    } finally {
      await setUser('staff', { ban: 0 })
    }
  })

  it('logs a code sent, a failure, a success and a lock for the number, with the address', async () => {
    await setUser('editor', { mobile: '13800000102' })
    const ip = freshIp()
    expect(body(await send('13800000102', 'login', ip)).code).toBe(200)
    const code = t.sms.lastCode('13800000102')!
    expect(t.sms.sent.at(-1)).toMatchObject({
      mobile: '13800000102',
      purpose: 'login',
      lang: 'en',
      expiresInMinutes: 5,
    })
    const wrong = code === '000000' ? '000001' : '000000'
    expect(body(await phoneLogin('13800000102', wrong, ip)).code).toBe(500)
    const ok = await phoneLogin('13800000102', code, ip)
    expect(body(ok)).toMatchObject({ code: 200, msg: 'ok' })
    const info = await t.app.inject({
      url: '/api/User/Get',
      headers: { authorization: `Bearer ${body(ok).data!.Token}` },
    })
    expect((info.json() as { data: { LoginName: string } }).data.LoginName).toBe('editor')
    for (let i = 0; i < 5; i++) await phoneLogin('13800000102', wrong, ip)
    expect((await phoneLogin('13800000102', code, ip)).statusCode).toBe(429)
    const rows = await logRows('13800000102')
    // repeated refusals from one address are counted on the row of the first (system log)
    expect(rows.map((r) => [r.operation, r.result])).toEqual([
      ['sms code login', 'sent'],
      ['phone login', 'login failure'],
      ['phone login', 'login success'],
      ['phone login', 'login blocked'],
    ])
    expect(rows.every((r) => r.ip === ip && r.log_type === 'system')).toBe(true)
  })

  it('a banned account cannot sign in with a code sent before the ban', async () => {
    await setUser('admin', { mobile: '13800000103' })
    await send('13800000103', 'login')
    const code = t.sms.lastCode('13800000103')!
    await setUser('admin', { ban: 1 })
    try {
      expect(body(await phoneLogin('13800000103', code))).toMatchObject({
        code: 500,
        msg: 'Verification code wrong',
      })
    } finally {
      await setUser('admin', { ban: 0 })
    }
  })
})

describe('codes with registration closed', () => {
  it('the sign-in page is told sign-up is closed', async () => {
    const res = await t.app.inject('/api/User/SignUpOptions')
    expect(res.json()).toMatchObject({ code: 200, msg: 'ok', data: { registration: false } })
  })

  it('refuses a sign-up', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/register',
      payload: {
        username: 'closed-1',
        password: 'closed-pass-1',
        mobile: '13800000501',
        code: '123456',
      },
      headers: { lang: 'en' },
    })
    expect(res.statusCode).toBe(403)
    expect(body(res).msg).toMatch(/registration/i)
  })

  it('still sends sign-in codes, but no sign-up codes', async () => {
    await setUser('staff', { mobile: '13800000104' })
    expect(body(await send('13800000104', 'login')).code).toBe(200)
    const closed = await send('13800000105', 'register')
    expect(closed.statusCode).toBe(403)
    expect(t.sms.sent.some((m) => m.mobile === '13800000105')).toBe(false)
  })
})

describe('the code for a new number of my profile', () => {
  it('is sent for the signed-in user and logged under their name, with the number', async () => {
    const token = await signIn(t.app, 'staff')
    const ip = freshIp()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/User/SendMobileChangeCode',
      payload: { mobile: '13800000106' },
      headers: { authorization: `Bearer ${token}`, lang: 'en' },
      remoteAddress: ip,
    })
    expect(body(res)).toMatchObject({
      code: 200,
      msg: 'The verification code has been sent',
      data: { resendSeconds: 60 },
    })
    expect(t.sms.sent.at(-1)).toMatchObject({ mobile: '13800000106', purpose: 'changeMobile' })
    expect(await logRows('staff')).toContainEqual({
      operation: 'sms code changeMobile',
      log_type: 'system',
      result: 'sent to 13800000106',
      ip,
    })
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/User/SendMobileChangeCode',
      payload: { mobile: '13800000106' },
      headers: { authorization: `Bearer ${token}`, lang: 'en' },
      remoteAddress: ip,
    })
    expect(again.statusCode).toBe(429)
  })
})

describe('a message the sender does not send', () => {
  const lines: string[] = []
  /** The app on the same database with another sender, logging errors into `lines`. */
  async function appWith(sms: SmsSender) {
    const app = await buildApp(
      { config: { ...t.config, logLevel: 'error' }, db: t.db, sms },
      { logStream: { write: (l) => void lines.push(l) } },
    )
    await app.ready()
    return app
  }
  const failing = (e: unknown): SmsSender => ({
    name: 'failing',
    send: () => Promise.reject(e),
  })
  const codesOf = (mobile: string) =>
    t.db.db.selectFrom('sms_code').select('id').where('mobile', '=', mobile).execute()

  it('answers each failure kind with its own status and message, and stores no code', async () => {
    // the code in the answer goes with its HTTP status (not configured: 404, not a server failure)
    const cases: [unknown, number, string][] = [
      [new SmsSendError('throttled', 'isv.X'), 429, 'The SMS provider is limiting messages'],
      [new SmsSendError('refused', 'isv.Y'), 503, 'The text message could not be sent'],
      [new SmsSendError('unreachable'), 503, 'The text message could not be sent'],
      [new SmsSendError('notConfigured'), 404, 'SMS is not configured'],
      [new Error('bug in a sender'), 503, 'The text message could not be sent'],
    ]
    for (const [i, [error, status, msg]] of cases.entries()) {
      lines.length = 0
      const app = await appWith(failing(error))
      try {
        const mobile = `1380000030${i}`
        await setUser('staff', { mobile })
        const res = await app.inject({
          method: 'POST',
          url: '/api/User/SendSmsCode',
          payload: { mobile, purpose: 'login' },
          remoteAddress: freshIp(),
          headers: { lang: 'en' },
        })
        expect(body(res).code, String(error)).toBe(status)
        expect(body(res).msg, String(error)).toContain(msg)
        expect(await codesOf(mobile)).toEqual([])
        // the operator's log names the sender, the kind and the provider's code
        const logged = lines
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .find((l) => l.msg === 'SMS sender failed')
        expect(logged, String(error)).toMatchObject({
          sender: 'failing',
          kind: error instanceof SmsSendError ? error.kind : 'refused',
        })
        expect(logged!.providerCode, String(error)).toBe(
          error instanceof SmsSendError ? error.providerCode : undefined,
        )
        expect(logged!.err !== undefined, String(error)).toBe(!(error instanceof SmsSendError))
      } finally {
        await app.close()
      }
    }
  })

  it('without a sender refuses before counting anything', async () => {
    const app = await appWith(unconfiguredSmsSender)
    try {
      const ip = freshIp()
      const res = await app.inject({
        method: 'POST',
        url: '/api/User/SendSmsCode',
        payload: { mobile: '13800000310', purpose: 'login' },
        remoteAddress: ip,
        headers: { lang: 'en' },
      })
      expect(body(res)).toMatchObject({
        code: 404,
        msg: 'SMS is not configured: no verification code can be sent',
      })
      // the code for a new number of my profile alike
      const token = await signIn(app, 'staff')
      const change = await app.inject({
        method: 'POST',
        url: '/api/User/SendMobileChangeCode',
        payload: { mobile: '13800000311' },
        headers: { authorization: `Bearer ${token}`, lang: 'en' },
        remoteAddress: ip,
      })
      expect(body(change)).toMatchObject({
        code: 404,
        msg: 'SMS is not configured: no verification code can be sent',
      })
      expect(await app.limits.count(`sms:send:ip:${ip}`)).toBe(0)
      expect(await app.limits.count('sms:send:wait:13800000310')).toBe(0)
      expect(await app.limits.count('sms:send:wait:13800000311')).toBe(0)
    } finally {
      await app.close()
    }
  })
})

describe('a new number in my profile (SaveMyProfile)', () => {
  const save = (token: string, record: Record<string, string>, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/PostData/PostCommon',
      payload: { postUrl: 'SaveMyProfile', postData: { updateRecords: [record] } },
      headers: { authorization: `Bearer ${token}`, lang: 'en' },
      remoteAddress: ip,
    })
  type SaveBody = { code: number; msg: string; errors?: Record<string, string> }
  const field = (k: string) => `postData.updateRecords.0.${k}`
  /** sends a change code for this number and returns it */
  const changeCode = async (token: string, mobile: string, ip: string) => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/User/SendMobileChangeCode',
      payload: { mobile },
      headers: { authorization: `Bearer ${token}`, lang: 'en' },
      remoteAddress: ip,
    })
    expect(body(sent).code).toBe(200)
    return t.sms.lastCode(mobile)!
  }
  /**
   * The editor, without a number, with a change code for `mobile`, and a trigger on their update
   * to it: `sqlite` is the SQLite trigger's statement, `body` the PostgreSQL function's (before
   * its `return new`), `condition` more of its WHEN.
   */
  const editorChangesTo = async (
    mobile: string,
    name: string,
    trigger: { sqlite: string; body: string; condition?: string },
  ) => {
    await setUser('editor', { mobile: '' })
    const token = await signIn(t.app, 'editor')
    const ip = freshIp()
    const code = await changeCode(token, mobile, ip)
    const drop = await testTrigger(
      t.db,
      name,
      'users',
      `create trigger ${name} before update of mobile on users when new.mobile = '${mobile}' begin ${trigger.sqlite} end`,
      {
        when: 'before update of mobile on users',
        condition: `new.mobile = '${mobile}' ${trigger.condition ?? ''}`,
        body: `${trigger.body} return new;`,
      },
    )
    return { token, ip, code, drop }
  }

  it('names the code field when the code is wrong, locks after repeated wrong codes, and saves every field with the right one', async () => {
    await setUser('editor', { mobile: '' })
    const token = await signIn(t.app, 'editor')
    const ip = freshIp()
    const code = await changeCode(token, '13800000401', ip)
    const wrong = code === '000000' ? '000001' : '000000'
    const record = {
      RealName: '编辑',
      NickName: 'ed',
      Mobile: '13800000401',
      Email: 'ed@example.com',
      Avatar: '',
    }
    const refused = (await save(token, { ...record, SmsCode: wrong }, ip)).json() as SaveBody
    expect(refused).toMatchObject({ code: 500, msg: 'Verification code wrong' })
    expect(refused.errors).toEqual({ [field('SmsCode')]: 'Verification code wrong' })
    const ok = (await save(token, { ...record, SmsCode: code }, ip)).json() as SaveBody
    // the answer counts the one record saved
    expect(ok).toMatchObject({ code: 200, data: { inserted: 0, updated: 1, removed: 0 } })
    const row = await t.db.db
      .selectFrom('users')
      .select(['real_name', 'nick_name', 'mobile', 'email', 'avatar'])
      .where('login_name', '=', 'editor')
      .executeTakeFirstOrThrow()
    expect(row).toEqual({
      real_name: '编辑',
      nick_name: 'ed',
      mobile: '13800000401',
      email: 'ed@example.com',
      avatar: '',
    })
    // another new number: five wrong codes lock it, even for the right code
    const next = { ...record, Mobile: '13800000402' }
    for (let i = 0; i < 5; i++) await save(token, { ...next, SmsCode: wrong }, freshIp())
    const locked = await save(token, { ...next, SmsCode: code }, freshIp())
    expect(locked.statusCode).toBe(429)
    expect(
      await t.db.db
        .selectFrom('users')
        .select('mobile')
        .where('login_name', '=', 'editor')
        .executeTakeFirstOrThrow(),
    ).toEqual({ mobile: '13800000401' })
    await setUser('editor', { mobile: '' })
  })

  it('a number another account took between the check and the write: the Mobile field is told it is in use', async () => {
    // the other account's write lands right before this update (and goes with it when refused)
    const { token, ip, code, drop } = await editorChangesTo('13800000404', 'profile_race', {
      sqlite: "update users set mobile = new.mobile where login_name = 'staff';",
      condition: "and new.login_name <> 'staff'",
      body: "update users set mobile = new.mobile where login_name = 'staff';",
    })
    try {
      const record = {
        RealName: '编辑',
        NickName: 'ed',
        Mobile: '13800000404',
        Email: '',
        Avatar: '',
      }
      const res = (await save(token, { ...record, SmsCode: code }, ip)).json() as SaveBody
      expect(res).toMatchObject({ code: 500, msg: 'This mobile number is used by another account' })
      expect(res.errors).toEqual({
        [field('Mobile')]: 'This mobile number is used by another account',
      })
    } finally {
      await drop()
    }
    const row = await t.db.db
      .selectFrom('users')
      .select('mobile')
      .where('login_name', '=', 'editor')
      .executeTakeFirstOrThrow()
    expect(row.mobile).toBe('')
  })

  it('another failure of the write is not reported as a number in use', async () => {
    const { token, ip, code, drop } = await editorChangesTo('13800000405', 'profile_fails', {
      sqlite: "select raise(abort, 'disk trouble');",
      body: "raise exception 'disk trouble';",
    })
    try {
      const record = {
        RealName: '编辑',
        NickName: 'ed',
        Mobile: '13800000405',
        Email: '',
        Avatar: '',
      }
      const res = (await save(token, { ...record, SmsCode: code }, ip)).json() as SaveBody
      // the server's own failure, said as one: no field blamed
      expect(res).toEqual({ code: 500, msg: 'Server error, please try again later', data: null })
    } finally {
      await drop()
    }
  })

  it('with SMS_TEST_CODE set, the fixed code confirms a new number without one being sent', async () => {
    const app = await createTestApp({ SEED_DEMO: 'false', SMS_TEST_CODE: '246810' })
    try {
      const token = await signIn(app.app, 'editor')
      const saved = await app.app.inject({
        method: 'POST',
        url: '/api/PostData/PostCommon',
        payload: {
          postUrl: 'SaveMyProfile',
          postData: {
            updateRecords: [
              {
                RealName: '编辑',
                NickName: 'ed',
                Mobile: '13800000403',
                Email: '',
                Avatar: '',
                SmsCode: '246810',
              },
            ],
          },
        },
        headers: { authorization: `Bearer ${token}`, lang: 'en' },
        remoteAddress: freshIp(),
      })
      expect(saved.json()).toMatchObject({ code: 200, data: { updated: 1 } })
      expect(app.sms.lastCode('13800000403')).toBeUndefined()
      const row = await app.db.db
        .selectFrom('users')
        .select('mobile')
        .where('login_name', '=', 'editor')
        .executeTakeFirstOrThrow()
      expect(row.mobile).toBe('13800000403')
    } finally {
      await app.close()
    }
  })
})
