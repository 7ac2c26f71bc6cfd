import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, testPasswords, type TestApp } from './helpers/test-app.ts'
import { postCommon } from './helpers/system-calls.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ WECHAT_STANDIN: 'true' })
})
afterAll(() => t.close())

let nextIp = 1
/** A fresh client address per test, so the sign-in limiter of one test does not touch another. */
const freshIp = () => `198.51.100.${nextIp++}`

/** A new WeChat identity's bind ticket, through the stand-in provider. */
async function newTicket(): Promise<string> {
  const res = await t.app.inject({
    url: `/wechat-standin/authorize?redirect_uri=${encodeURIComponent('http://forgeline.test/callback')}&state=abcdefgh&pick=new`,
    headers: { host: 'forgeline.test' },
  })
  const code = new URL(res.headers.location as string).searchParams.get('code')!
  const login = await t.app.inject({ method: 'POST', url: '/api/User/WxLogin', payload: { code } })
  const ticket = (login.json() as { data: { Ticket: string } }).data.Ticket
  expect(ticket).toBeTruthy()
  return ticket
}

const bind = (payload: Record<string, string>, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/User/WxBind',
    payload,
    remoteAddress: ip,
    headers: { 'accept-language': 'en' },
  })

describe('User/WxBind is not a password oracle', () => {
  it('checks the ticket before the password: a made-up ticket answers the same for a right and a wrong password', async () => {
    const ip = freshIp()
    const right = await bind(
      { ticket: 'made-up', username: 'staff', password: testPasswords.staff },
      ip,
    )
    const wrong = await bind(
      { ticket: 'made-up', username: 'staff', password: 'wrong-password' },
      ip,
    )
    expect(right.json()).toEqual(wrong.json())
    expect(right.json()).toMatchObject({
      code: 500,
      msg: 'The WeChat sign-in expired, please start again',
    })
  })

  it('answers an unknown account, a wrong password and a banned account alike', async () => {
    const ip = freshIp()
    const ticket = await newTicket()
    // a banned account with its right password must look like a wrong password
    const users = await t.db.db.selectFrom('users').select(['id', 'login_name']).execute()
    const editor = users.find((u) => u.login_name === 'editor')!
    await t.db.db.updateTable('users').set({ ban: 1 }).where('id', '=', editor.id).execute()
    try {
      const answers = await Promise.all([
        bind({ ticket, username: 'nobody-here', password: 'whatever-1' }, ip),
        bind({ ticket, username: 'staff', password: 'wrong-password' }, ip),
        bind({ ticket, username: 'editor', password: testPasswords.editor }, ip),
      ])
      for (const a of answers)
        expect(a.json()).toEqual({ code: 500, msg: 'Account or password incorrect', data: null })
    } finally {
      await t.db.db.updateTable('users').set({ ban: 0 }).where('id', '=', editor.id).execute()
    }
    // the ticket survived the wrong passwords: the real user still binds with it
    const ok = await bind({ ticket, username: 'staff', password: testPasswords.staff }, ip)
    expect((ok.json() as { data: { Token: string } }).data.Token).toBeTruthy()
  })

  it('shares the sign-in limiter with User/Login: guesses through WxBind lock User/Login too, and the other way round', async () => {
    const ip = freshIp()
    const ticket = await newTicket()
    let last = 0
    for (let i = 0; i < 10; i++)
      last = (await bind({ ticket, username: 'staff', password: `guess-${i}-xx` }, ip)).statusCode
    expect(last).toBe(200)
    const locked = await bind({ ticket, username: 'staff', password: testPasswords.staff }, ip)
    expect(locked.statusCode).toBe(429)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/User/Login',
      payload: { username: 'staff', password: testPasswords.staff },
      remoteAddress: ip,
    })
    expect(login.statusCode).toBe(429)

    const ip2 = freshIp()
    for (let i = 0; i < 10; i++)
      await t.app.inject({
        method: 'POST',
        url: '/api/User/Login',
        payload: { username: 'editor', password: `guess-${i}-xx` },
        remoteAddress: ip2,
      })
    expect(
      (await bind({ ticket, username: 'editor', password: testPasswords.editor }, ip2)).statusCode,
    ).toBe(429)
    // another address is not affected
    expect(
      (await bind({ ticket, username: 'editor', password: 'wrong-password' }, freshIp()))
        .statusCode,
    ).toBe(200)
  })
})

describe('WeChat bindings in the personal centre', () => {
  it('lists my bindings, survives an admin password reset visibly, and unbinds', async () => {
    const ticket = await newTicket()
    const bound = await bind(
      { ticket, username: 'editor', password: testPasswords.editor },
      freshIp(),
    )
    const wxToken = (bound.json() as { data: { Token: string } }).data.Token
    const list = async (token: string) =>
      (
        await t.app.inject({
          url: '/api/User/WxBindings',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json() as {
        code: number
        data: { WechatUserId: number; NickName: string }[]
      }
    const mine = await list(wxToken)
    expect(mine.data.map((b) => b.NickName)).toContain('新用户')
    const binding = mine.data[0]!

    // an administrator resets the password: the binding is kept, and the next sign-in (even by
    // WeChat) may only reach the personal centre, where it is listed
    const admin = await signIn(t.app, 'admin')
    const editor = await t.db.db
      .selectFrom('users')
      .select('id')
      .where('login_name', '=', 'editor')
      .executeTakeFirstOrThrow()
    expect(
      (
        await postCommon(t, admin, 'ResetUserPassword', {
          updateRecords: [{ Id: editor.id, Password: 'temporary-pass-9' }],
        })
      ).code,
    ).toBe(200)
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/User/Login',
      payload: { username: 'editor', password: 'temporary-pass-9' },
    })
    const token = (relogin.json() as { data: { Token: string } }).data.Token
    expect((await list(token)).data.map((b) => b.WechatUserId)).toContain(binding.WechatUserId)

    // someone else cannot remove it; I can, once
    const unbind = (tok: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/User/WxUnbind',
        headers: { authorization: `Bearer ${tok}` },
        payload: { WechatUserId: binding.WechatUserId },
      })
    expect((await unbind(await signIn(t.app, 'staff'))).json()).toMatchObject({ code: 404 })
    expect((await unbind(token)).json()).toMatchObject({ code: 200, data: { removed: 1 } })
    expect((await list(token)).data.map((b) => b.WechatUserId)).not.toContain(binding.WechatUserId)
    expect((await unbind(token)).json()).toMatchObject({ code: 404 })
    expect((await t.app.inject({ url: '/api/User/WxBindings' })).statusCode).toBe(401)
  })
})

describe('without WeChat configured', () => {
  it('has no User/WxBind at all', async () => {
    const plain = await createTestApp({ SEED_DEMO: 'false' })
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/User/WxBind',
        payload: { ticket: 'x', username: 'admin', password: testPasswords.admin },
      })
      expect(res.statusCode).toBe(404)
      expect(plain.app.permissionTable.some((r) => r.url.endsWith('/User/WxBind'))).toBe(false)
    } finally {
      await plain.close()
    }
  })
})
