import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

/**
 * The sign-in page offers only what works on this site: `User/SignUpOptions` says whether
 * phone codes (SMS_SENDER or SMS_TEST_CODE), sign-up (REGISTRATION with phone codes) and WeChat
 * (configured or the stand-in) are available; "not configured" is a 404, not a server failure.
 */
const apps: TestApp[] = []
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close()
})
const start = async (env: Record<string, string>) => {
  const t = await createTestApp({ SEED_DEMO: 'false', ...env }, { configuredSms: true })
  apps.push(t)
  return t
}
const options = async (t: TestApp) => {
  const res = await t.app.inject('/api/User/SignUpOptions')
  expect(res.statusCode).toBe(200)
  return (res.json() as { data: unknown }).data
}

describe('User/SignUpOptions', () => {
  it('a default site offers neither phone codes, sign-up nor WeChat', async () => {
    const t = await start({})
    expect(await options(t)).toEqual({ registration: false, phone: false, wechat: false })
    // REGISTRATION alone does not open sign-up: it proves a mobile number by a code
    const open = await start({ REGISTRATION: 'true' })
    expect(await options(open)).toEqual({ registration: false, phone: false, wechat: false })
  })

  it('answers "SMS is not configured" and "WeChat is not configured" with 404', async () => {
    const t = await start({})
    const sms = await t.app.inject({
      method: 'POST',
      url: '/api/User/SendSmsCode',
      headers: { lang: 'en' },
      payload: { mobile: '13700000001', purpose: 'login' },
    })
    expect(sms.statusCode).toBe(404)
    expect(sms.json()).toMatchObject({ code: 404, msg: /SMS is not configured/ })
    const wx = await t.app.inject({
      url: '/api/User/WxAuthorizeUrl?redirectUri=http%3A%2F%2Flocalhost%2Fcallback&state=abcdefgh',
      headers: { lang: 'zh' },
    })
    expect(wx.statusCode).toBe(404)
    expect(wx.json()).toMatchObject({ code: 404, msg: '未配置微信登录' })
  })

  it('a test code or an SMS sender brings phone codes and sign-up back; WeChat its own option', async () => {
    const test = await start({ SMS_TEST_CODE: '246810', REGISTRATION: 'true' })
    expect(await options(test)).toEqual({ registration: true, phone: true, wechat: false })
    const sender = await start({ SMS_SENDER: 'log', REGISTRATION: 'false' })
    expect(await options(sender)).toEqual({ registration: false, phone: true, wechat: false })
    const standIn = await start({ WECHAT_STANDIN: 'true' })
    expect(await options(standIn)).toEqual({ registration: false, phone: false, wechat: true })
    const wechat = await start({ WECHAT_APP_ID: 'wx123', WECHAT_APP_SECRET: 'secret' })
    expect((await options(wechat)) as object).toMatchObject({ wechat: true })
  })
})
