import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, registerWithCode, signIn, type TestApp } from './helpers/test-app.ts'

let t: TestApp
const tokens: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

type Body = { code: number; msg: string; data: unknown; errors?: Record<string, string> }
const call = async (
  who: 'admin' | 'editor' | 'staff' | 'anonymous',
  payload: unknown,
  lang = 'zh',
) => {
  const headers: Record<string, string> = { lang }
  if (who !== 'anonymous') headers.authorization = `Bearer ${tokens[who]}`
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/PostData/PostCommon',
    payload: { postUrl: 'SaveMyProfile', postData: { updateRecords: [payload] } },
    headers,
  })
  return { status: res.statusCode, body: res.json() as Body }
}
const me = async (who: 'admin' | 'editor' | 'staff') => {
  const res = await t.app.inject({
    url: '/api/User/Get',
    headers: { authorization: `Bearer ${tokens[who]}` },
  })
  return (res.json() as { data: Record<string, unknown> }).data
}
const userRow = (login: string) =>
  t.db.db
    .selectFrom('users')
    .select(['real_name', 'nick_name', 'mobile', 'email', 'avatar', 'role', 'login_name'])
    .where('login_name', '=', login)
    .executeTakeFirstOrThrow()

/** The code `User/SendMobileChangeCode` sends to a new number (a changed Mobile needs it). */
const changeCode = async (who: 'admin' | 'editor' | 'staff', mobile: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/User/SendMobileChangeCode',
    payload: { mobile },
    headers: { authorization: `Bearer ${tokens[who]}` },
  })
  expect(res.statusCode).toBe(200)
  return t.sms.lastCode(mobile)!
}

const profile = {
  RealName: '周建国',
  NickName: '老周',
  Mobile: '13912345678',
  Email: 'zhou@forgeline.example.com',
  Avatar: '/uploads/2026-11/0123456789abcdef01234567.webp',
}

describe('personal centre: my own profile (PostCommon SaveMyProfile)', () => {
  it('anonymous 401; every signed-in role edits only themself', async () => {
    expect((await call('anonymous', profile)).status).toBe(401)
    const before = { admin: await userRow('admin'), editor: await userRow('editor') }
    const r = await call('staff', {
      ...profile,
      SmsCode: await changeCode('staff', profile.Mobile),
      LoginName: 'admin',
      Role: 'admin',
      Id: 1,
    })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ code: 200, data: { updated: 1, inserted: 0, removed: 0 } })
    expect(await userRow('staff')).toMatchObject({
      real_name: '周建国',
      nick_name: '老周',
      mobile: '13912345678',
      email: profile.Email,
      avatar: profile.Avatar,
      role: 'staff',
      login_name: 'staff',
    })
    expect(await userRow('admin')).toEqual(before.admin)
    expect(await userRow('editor')).toEqual(before.editor)
    expect(await me('staff')).toMatchObject({
      RealName: '周建国',
      NickName: '老周',
      Mobile: '13912345678',
      Email: profile.Email,
      Avatar: profile.Avatar,
    })
    expect(
      (await call('editor', { ...profile, Mobile: '', RealName: '编辑小李', Avatar: '' }, 'en'))
        .status,
    ).toBe(200)
    expect(await userRow('editor')).toMatchObject({
      real_name: '编辑小李',
      avatar: '',
      role: 'editor',
    })
    expect((await call('admin', { RealName: '管理员' })).status).toBe(200)
    expect(await userRow('admin')).toMatchObject({
      real_name: '管理员',
      nick_name: '',
      mobile: '',
      email: '',
    })
  })

  const bad: [string, Record<string, unknown>, string, string, string][] = [
    ['real name missing', { RealName: ' ' }, 'RealName', '此项为必填项', 'This field is required'],
    [
      'real name too long',
      { RealName: '长'.repeat(51) },
      'RealName',
      '内容过长',
      'This is too long',
    ],
    ['nickname too long', { NickName: 'n'.repeat(51) }, 'NickName', '内容过长', 'This is too long'],
    [
      'mobile not 11 digits from 1',
      { Mobile: '1391234567' },
      'Mobile',
      '请输入正确的手机号码，只能是数字',
      'Please enter a correct phone number, digits only',
    ],
    [
      'e-mail malformed',
      { Email: 'zhou@@example' },
      'Email',
      '邮箱格式不正确',
      'The e-mail format is incorrect',
    ],
    [
      'avatar elsewhere',
      { Avatar: 'https://evil.example/a.png' },
      'Avatar',
      '请上传图片作为头像',
      'Please upload a picture as the avatar',
    ],
    [
      'avatar climbing out',
      { Avatar: '/uploads/../data.sqlite' },
      'Avatar',
      '请上传图片作为头像',
      'Please upload a picture as the avatar',
    ],
  ]
  it.each(bad)(
    'refuses %s with its message in both languages and changes nothing',
    async (_n, change, field, zh, en) => {
      const before = await userRow('editor')
      const inZh = await call('editor', { ...profile, ...change })
      expect(inZh.status).toBe(400)
      const path = `postData.updateRecords.0.${field}`
      expect(inZh.body.errors?.[path]).toBe(zh)
      expect((await call('editor', { ...profile, ...change }, 'en')).body.errors?.[path]).toBe(en)
      expect(await userRow('editor')).toEqual(before)
    },
  )

  it('takes no inserts or removes, and the old User/ModifyMyInfo endpoint is gone', async () => {
    const headers = { authorization: `Bearer ${tokens.staff}`, lang: 'en' }
    const before = await userRow('staff')
    for (const postData of [{ insertRecords: [profile] }, { removeRecords: [{ Id: 1 }] }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/PostData/PostCommon',
        payload: { postUrl: 'SaveMyProfile', postData },
        headers,
      })
      expect(res.statusCode).toBe(400)
    }
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/User/ModifyMyInfo',
      payload: profile,
      headers,
    })
    expect(old.statusCode).toBe(404)
    expect(await userRow('staff')).toEqual(before)
  })
})

describe('personal centre: my avatar (User/UploadAvatar)', () => {
  const png = async () =>
    (await import('sharp'))
      .default({ create: { width: 64, height: 64, channels: 3, background: '#2f6f9f' } })
      .png()
      .toBuffer()
  const form = (file: Buffer) => {
    const boundary = `----forgeline-avatar${Date.now()}`
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
  }

  it('an account without a role uploads its avatar there (not through Upload) and saves it; anonymous 401', async () => {
    await registerWithCode(t, {
      username: 'noroleuser',
      password: 'norole-pass-1',
      mobile: '13700000101',
    })
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/User/Login',
      payload: { username: 'noroleuser', password: 'norole-pass-1' },
    })
    const token = (login.json() as { data: { Token: string } }).data.Token
    const file = await png()
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/User/UploadAvatar',
      ...form(file),
    })
    expect(anonymous.statusCode).toBe(401)
    const general = form(file)
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/Upload',
      payload: general.payload,
      headers: { ...general.headers, authorization: `Bearer ${token}` },
    })
    expect(refused.statusCode).toBe(403)
    const avatar = form(file)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/User/UploadAvatar',
      payload: avatar.payload,
      headers: { ...avatar.headers, authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(200)
    const url = (res.json() as { data: { url: string } }).data.url
    expect(url).toMatch(/^\/uploads\//)
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/PostData/PostCommon',
      payload: {
        postUrl: 'SaveMyProfile',
        postData: { updateRecords: [{ RealName: '新同事', Avatar: url }] },
      },
      headers: { authorization: `Bearer ${token}` },
    })
    expect(save.statusCode).toBe(200)
    expect((await userRow('noroleuser')).avatar).toBe(url)
    const notAnImage = form(Buffer.from('not a picture at all'))
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/User/UploadAvatar',
      payload: notAnImage.payload,
      headers: { ...notAnImage.headers, authorization: `Bearer ${token}` },
    })
    expect(bad.statusCode).toBe(400)
  })
})
