import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { wxLoginLimits } from '#server/modules/wechat/routes'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/* a banned WeChat identity's sessions end; a ChooseWxLogin ticket works once; WxLogin is rate-limited. */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ WECHAT_STANDIN: 'true' })
})
afterAll(() => t.close())

type Pair = { Token: string; RefreshToken: string }
type WxResult = {
  code: number
  msg: string
  data: { IsBind: boolean; LoginList: ({ LoginName: string } & Pair)[]; Ticket: string }
}

async function codeFor(pick: string): Promise<string> {
  const res = await t.app.inject({
    url: `/wechat-standin/authorize?redirect_uri=${encodeURIComponent('http://forgeline.test/callback')}&state=abcdefgh&pick=${pick}`,
    headers: { host: 'forgeline.test' },
  })
  return new URL(res.headers.location as string).searchParams.get('code')!
}
const wxLogin = async (code: string, ip = '127.0.0.1', url = '/api/User/WxLogin') =>
  t.app.inject({
    method: 'POST',
    url,
    payload: { code },
    remoteAddress: ip,
    headers: { lang: 'en' },
  })
const userGet = (token: string) =>
  t.app.inject({ url: '/api/User/Get', headers: { authorization: `Bearer ${token}` } })
const refresh = async (refreshToken: string) =>
  (
    await t.app.inject({ method: 'POST', url: '/api/User/RefreshToken', payload: { refreshToken } })
  ).json() as { code: number; data: Pair | null }

describe('WeChat sign-in abuse', () => {
  it('banning an identity ends the sessions its sign-ins began (rotated ones too), not the account’s other sessions', async () => {
    const first = ((await wxLogin(await codeFor('standin-one'))).json() as WxResult).data
      .LoginList[0]!
    expect(first.LoginName).toBe('staff')
    const rotated = await refresh(first.RefreshToken)
    expect(rotated.code).toBe(200)
    const second = ((await wxLogin(await codeFor('standin-one'))).json() as WxResult).data
      .LoginList[0]!
    const byPassword = await signIn(t.app, 'staff')
    expect((await userGet(rotated.data!.Token)).statusCode).toBe(200)

    const editor = await signIn(t.app, 'editor')
    const id = (
      await t.db.db
        .selectFrom('wechat_user')
        .select('id')
        .where('open_id', '=', 'standin-one')
        .executeTakeFirstOrThrow()
    ).id
    const ban = await t.app.inject({
      method: 'POST',
      url: '/api/PostData/PostCommon',
      payload: { postUrl: 'SaveWechatUser', postData: { updateRecords: [{ Id: id, Ban: true }] } },
      headers: { authorization: `Bearer ${editor}` },
    })
    try {
      expect(ban.json()).toMatchObject({ code: 200 })
      expect((await userGet(rotated.data!.Token)).statusCode).toBe(401)
      expect((await userGet(second.Token)).statusCode).toBe(401)
      expect((await refresh(rotated.data!.RefreshToken)).code).toBe(10002)
      expect((await refresh(second.RefreshToken)).code).toBe(10002)
      expect((await userGet(byPassword)).statusCode).toBe(200)
    } finally {
      await t.db.db.updateTable('wechat_user').set({ ban: 0 }).where('id', '=', id).execute()
    }
  })

  it('accepts a ChooseWxLogin ticket once, even from several requests at the same moment', async () => {
    const r = (await wxLogin(await codeFor('standin-multi'))).json() as WxResult
    expect(r.data.Ticket).toBeTruthy()
    const choose = (loginName: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/User/ChooseWxLogin',
        payload: { ticket: r.data.Ticket, loginName },
        headers: { lang: 'en' },
      })
    const answers = (
      await Promise.all(Array.from({ length: 8 }, (_, i) => choose(i % 2 ? 'staff' : 'editor')))
    ).map((a) => a.json() as { code: number; msg: string })
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1)
    expect(new Set(answers.filter((a) => a.code !== 200).map((a) => a.msg))).toEqual(
      new Set(['The WeChat sign-in expired, please start again']),
    )
    expect((await choose('editor')).json()).toMatchObject({ code: 500 })
  })

  it('refuses a flood of WxLogin from one address with a translated 429, before asking the provider', async () => {
    const ip = '203.0.113.50'
    for (let i = 0; i < wxLoginLimits.perAddress; i++) {
      expect(
        (await wxLogin(`made-up-${i}`, ip, i % 2 ? '/socialLogin' : '/api/User/WxLogin')).json(),
      ).toMatchObject({ code: 500 })
    }
    // a good code is not even exchanged (it stays usable)
    const code = await codeFor('standin-one')
    const refused = await wxLogin(code, ip)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({
      code: 429,
      msg: 'Too many WeChat sign-ins; please try again later',
    })
    expect((await wxLogin(code, ip, '/socialLogin')).statusCode).toBe(429)
    const elsewhere = (await wxLogin(code, '203.0.113.51')).json() as WxResult
    expect(elsewhere.data.LoginList.map((a) => a.LoginName)).toEqual(['staff'])
  })
})
