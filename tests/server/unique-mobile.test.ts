import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postCommon } from './helpers/system-calls.ts'
import { createTestApp, registerWithCode, signIn, type TestApp } from './helpers/test-app.ts'

// a profile's new mobile number needs the code sent to it; one account per number for every write
let t: TestApp
const tokens: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

type Body = { code: number; msg: string; errors?: Record<string, string> }
let ipN = 1
const ip = () => `192.0.2.${ipN++}`
const auth = (who: string) => ({ authorization: `Bearer ${tokens[who]}`, lang: 'en' })
const mobileOf = async (login: string) =>
  (
    await t.db.db
      .selectFrom('users')
      .select('mobile')
      .where('login_name', '=', login)
      .executeTakeFirstOrThrow()
  ).mobile
const sendChangeCode = async (who: string, mobile: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/User/SendMobileChangeCode',
    payload: { mobile },
    headers: auth(who),
    remoteAddress: ip(),
  })
  expect(res.statusCode).toBe(200)
  return t.sms.lastCode(mobile)!
}
const saveProfile = async (who: string, Mobile: string, SmsCode?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/PostData/PostCommon',
    payload: {
      postUrl: 'SaveMyProfile',
      postData: {
        updateRecords: [{ RealName: who, Mobile, ...(SmsCode !== undefined ? { SmsCode } : {}) }],
      },
    },
    headers: auth(who),
    remoteAddress: ip(),
  })
  return { status: res.statusCode, body: res.json() as Body }
}
const field = (k: string) => `postData.updateRecords.0.${k}`

describe('changing my mobile number needs the code sent to the new number', () => {
  it('refuses a change without a code, with a wrong code or with a code of another number; takes the right code once', async () => {
    const none = await saveProfile('staff', '13811110001')
    expect(none.status).toBe(400)
    expect(none.body.errors?.[field('SmsCode')]).toBe(
      'Changing the mobile number needs the code sent to the new number: get it and enter it',
    )
    expect(await mobileOf('staff')).toBe('')

    const code = await sendChangeCode('staff', '13811110001')
    const wrong = await saveProfile('staff', '13811110001', code === '000000' ? '111111' : '000000')
    expect(wrong.body).toMatchObject({ code: 500, msg: 'Verification code wrong' })
    // the code proves 13811110001, not another number
    const other = await saveProfile('staff', '13811110002', code)
    expect(other.body).toMatchObject({ code: 500, msg: 'Verification code wrong' })
    expect(await mobileOf('staff')).toBe('')

    const ok = await saveProfile('staff', '13811110001', code)
    expect(ok.body.code).toBe(200)
    expect(await mobileOf('staff')).toBe('13811110001')
    // keeping the number needs no code; clearing it neither
    expect((await saveProfile('staff', '13811110001')).body.code).toBe(200)
    expect((await saveProfile('staff', '')).body.code).toBe(200)
    expect(await mobileOf('staff')).toBe('')
    // the code was used up
    expect((await saveProfile('staff', '13811110001', code)).body).toMatchObject({
      code: 500,
      msg: 'Verification code wrong',
    })
  })

  it('the code button is for signed-in users only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/User/SendMobileChangeCode',
      payload: { mobile: '13811110009' },
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('one account per mobile number', () => {
  it("refuses another account's number in my profile, even with a valid code for it", async () => {
    await t.db.db
      .updateTable('users')
      .set({ mobile: '13822220001' })
      .where('login_name', '=', 'editor')
      .execute()
    const code = await sendChangeCode('staff', '13822220001')
    const r = await saveProfile('staff', '13822220001', code)
    expect(r.body).toMatchObject({
      code: 500,
      msg: 'This mobile number is used by another account',
    })
    expect(r.body.errors?.[field('Mobile')]).toBe('This mobile number is used by another account')
    expect(await mobileOf('staff')).toBe('')
    expect(await mobileOf('editor')).toBe('13822220001')
  })

  it("refuses another account's number at sign-up", async () => {
    await t.app.limits.reset('sms:send:wait:13822220001')
    const r = await registerWithCode(t, {
      username: 'number-thief',
      password: 'thief-pass-1',
      mobile: '13822220001',
    })
    expect((r.json() as Body).msg).toBe('该手机号已注册，请用手机验证码登录')
    expect(
      await t.db.db
        .selectFrom('users')
        .select('id')
        .where('login_name', '=', 'number-thief')
        .executeTakeFirst(),
    ).toBeUndefined()
  })

  it("refuses another account's number in user management (update and insert), naming the holder", async () => {
    const staffId = (
      await t.db.db
        .selectFrom('users')
        .select('id')
        .where('login_name', '=', 'staff')
        .executeTakeFirstOrThrow()
    ).id
    const upd = await postCommon(
      t,
      tokens.admin!,
      'SaveUser',
      { updateRecords: [{ Id: staffId, Mobile: '13822220001' }] },
      'en',
    )
    expect(upd.status).toBe(400)
    expect(upd.errors?.['postData.updateRecords.0.Mobile']).toBe(
      'This mobile number is already used by account editor',
    )
    const ins = await postCommon(
      t,
      tokens.admin!,
      'SaveUser',
      {
        insertRecords: [
          {
            LoginName: 'new-hand',
            Role: 'staff',
            Password: 'new-hand-pass-1',
            Mobile: '13822220001',
          },
        ],
      },
      'zh',
    )
    expect(ins.status).toBe(400)
    expect(ins.errors?.['postData.insertRecords.0.Mobile']).toBe('该手机号已被账号 editor 使用')
    expect(await mobileOf('staff')).toBe('')
    // an administrator sets a free number without a code; the holder itself may keep its own
    expect(
      (
        await postCommon(t, tokens.admin!, 'SaveUser', {
          updateRecords: [{ Id: staffId, Mobile: '13822220002' }],
        })
      ).status,
    ).toBe(200)
    expect(await mobileOf('staff')).toBe('13822220002')
    const editorId = (
      await t.db.db
        .selectFrom('users')
        .select('id')
        .where('login_name', '=', 'editor')
        .executeTakeFirstOrThrow()
    ).id
    expect(
      (
        await postCommon(t, tokens.admin!, 'SaveUser', {
          updateRecords: [{ Id: editorId, Mobile: '13822220001', RealName: '编辑' }],
        })
      ).status,
    ).toBe(200)
  })

  it('the database itself refuses a second account with the number (unique index), but many without one', async () => {
    const row = (login: string, mobile: string) => ({
      login_name: login,
      real_name: '',
      nick_name: '',
      mobile,
      email: '',
      role: '',
      department_id: null,
      ban: 0 as const,
      avatar: '',
      password_hash: 'x',
      must_change_password: 0 as const,
      created_at: new Date().toISOString(),
    })
    await expect(
      t.db.db.insertInto('users').values(row('direct-dup', '13822220001')).execute(),
    ).rejects.toThrow()
    await t.db.db
      .insertInto('users')
      .values([row('no-number-1', ''), row('no-number-2', '')])
      .execute()
  })
})
