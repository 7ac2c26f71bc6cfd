import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, testPasswords, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ WECHAT_STANDIN: 'true' })
})
afterAll(() => t.close())

type Result = {
  code: number
  msg: string
  data: { IsBind: boolean; LoginList: { LoginName: string; Token: string }[]; Ticket: string }
}

/** Walks the stand-in provider like a browser would and returns the code it hands back. */
async function codeFor(pick: string): Promise<string> {
  const res = await t.app.inject({
    url: `/wechat-standin/authorize?redirect_uri=${encodeURIComponent('http://forgeline.test/callback')}&state=abcdefgh&pick=${pick}`,
    headers: { host: 'forgeline.test' },
  })
  expect(res.statusCode).toBe(302)
  const location = new URL(res.headers.location as string)
  expect(location.pathname).toBe('/callback')
  expect(location.searchParams.get('state')).toBe('abcdefgh')
  return location.searchParams.get('code')!
}
const wxLogin = async (code: string, url = '/api/User/WxLogin') =>
  (await t.app.inject({ method: 'POST', url, payload: { code } })).json() as Result

describe('WeChat sign-in with the stand-in provider', () => {
  it('gives the authorize URL of the configured provider', async () => {
    const res = await t.app.inject(
      `/api/User/WxAuthorizeUrl?redirectUri=${encodeURIComponent('http://forgeline.test/callback')}&state=abcdefgh`,
    )
    expect((res.json() as { data: { url: string } }).data.url).toMatch(
      /^\/wechat-standin\/authorize\?appid=standin&redirect_uri=/,
    )
  })

  it('outcome 1: one bound account signs in', async () => {
    const r = await wxLogin(await codeFor('standin-one'))
    expect(r.data.IsBind).toBe(true)
    expect(r.data.LoginList).toHaveLength(1)
    expect(r.data.LoginList[0]).toMatchObject({ LoginName: 'staff' })
    expect(r.data.LoginList[0]!.Token).toBeTruthy()
  })

  it('outcome 2: several accounts -> choose one with the ticket, once', async () => {
    const r = await wxLogin(await codeFor('standin-multi'), '/socialLogin')
    expect(r.data.LoginList.map((a) => a.LoginName)).toEqual(['editor', 'staff'])
    expect(r.data.LoginList.every((a) => a.Token === '')).toBe(true)
    const choose = await t.app.inject({
      method: 'POST',
      url: '/api/User/ChooseWxLogin',
      payload: { ticket: r.data.Ticket, loginName: 'editor' },
    })
    const token = (choose.json() as { data: { Token: string } }).data.Token
    const me = await t.app.inject({
      url: '/api/User/Get',
      headers: { authorization: `Bearer ${token}` },
    })
    expect((me.json() as { data: { LoginName: string } }).data.LoginName).toBe('editor')
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/User/ChooseWxLogin',
      payload: { ticket: r.data.Ticket, loginName: 'staff' },
    })
    expect((again.json() as { code: number }).code).toBe(500)
  })

  it('outcome 3: a known identity with no account is told so', async () => {
    const r = await wxLogin(await codeFor('standin-none'))
    expect(r.data).toEqual({ IsBind: true, LoginList: [], Ticket: '' })
  })

  it('a new identity binds to an account with its password', async () => {
    const first = await wxLogin(await codeFor('new'))
    expect(first.data.IsBind).toBe(false)
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/User/WxBind',
      payload: { ticket: first.data.Ticket, username: 'staff', password: 'nope-nope' },
    })
    expect((wrong.json() as { msg: string }).msg).toBe('账号或密码不正确')
    const bind = await t.app.inject({
      method: 'POST',
      url: '/api/User/WxBind',
      payload: { ticket: first.data.Ticket, username: 'staff', password: testPasswords.staff },
    })
    const token = (bind.json() as { data: { Token: string } }).data.Token
    const me = await t.app.inject({
      url: '/api/User/Get',
      headers: { authorization: `Bearer ${token}` },
    })
    expect((me.json() as { data: { LoginName: string } }).data.LoginName).toBe('staff')
  })

  it('refuses a replayed or made-up code, and a foreign redirect', async () => {
    const code = await codeFor('standin-one')
    await wxLogin(code)
    expect((await wxLogin(code)).code).toBe(500)
    expect((await wxLogin('made-up')).code).toBe(500)
    const evil = await t.app.inject({
      url: `/wechat-standin/authorize?redirect_uri=${encodeURIComponent('http://evil.test/callback')}&pick=standin-one`,
      headers: { host: 'forgeline.test' },
    })
    expect(evil.statusCode).toBe(400)
  })
})

describe('without WeChat configuration', () => {
  it('has no stand-in and says sign-in is not configured', async () => {
    const plain = await createTestApp({ SEED_DEMO: 'false' })
    try {
      expect(
        (await plain.app.inject('/wechat-standin/authorize?pick=standin-one')).body,
      ).not.toContain('stand-in')
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/User/WxLogin',
        payload: { code: 'x' },
        headers: { 'accept-language': 'en' },
      })
      expect(res.json()).toMatchObject({ code: 404, msg: 'WeChat sign-in is not configured' })
    } finally {
      await plain.close()
    }
  })
})

describe('with a WeChat provider (token URL)', () => {
  it('a new identity binds to an account with its password, then signs in directly with its next code', async () => {
    // a provider that knows one identity: any code but "refused" stands for it
    const provider = http.createServer((req, res) => {
      const code = new URL(req.url!, 'http://x').searchParams.get('code')
      res.setHeader('content-type', 'application/json')
      res.end(
        JSON.stringify(
          code === 'refused'
            ? { errcode: 40029 }
            : { openid: 'provider-open-id-1', nickname: '赵工' },
        ),
      )
    })
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
    const { port } = provider.address() as AddressInfo
    const app = await createTestApp({
      SEED_DEMO: 'false',
      WECHAT_APP_ID: 'app',
      WECHAT_APP_SECRET: 'secret',
      WECHAT_TOKEN_URL: `http://127.0.0.1:${port}/sns/oauth2/access_token`,
    })
    const login = async (code: string) =>
      (
        await app.app.inject({ method: 'POST', url: '/api/User/WxLogin', payload: { code } })
      ).json() as Result
    try {
      expect((await login('refused')).code).toBe(500)
      const first = await login('code-1')
      expect(first.data).toMatchObject({ IsBind: false, LoginList: [] })
      expect(first.data.Ticket).toBeTruthy()
      const bind = await app.app.inject({
        method: 'POST',
        url: '/api/User/WxBind',
        payload: { ticket: first.data.Ticket, username: 'editor', password: testPasswords.editor },
      })
      expect((bind.json() as { code: number }).code).toBe(200)
      // the ticket is spent: it cannot bind a second account
      const replay = await app.app.inject({
        method: 'POST',
        url: '/api/User/WxBind',
        payload: { ticket: first.data.Ticket, username: 'staff', password: testPasswords.staff },
      })
      expect((replay.json() as { code: number }).code).toBe(500)

      const next = await login('code-2')
      expect(next.data.IsBind).toBe(true)
      expect(next.data.Ticket).toBe('')
      expect(next.data.LoginList).toHaveLength(1)
      expect(next.data.LoginList[0]!.LoginName).toBe('editor')
      const me = await app.app.inject({
        url: '/api/User/Get',
        headers: { authorization: `Bearer ${next.data.LoginList[0]!.Token}` },
      })
      expect((me.json() as { data: { LoginName: string } }).data.LoginName).toBe('editor')
    } finally {
      await app.close()
      await new Promise((resolve) => provider.close(resolve))
    }
  })
})
