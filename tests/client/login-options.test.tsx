import { act, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { beforeEach, describe, expect, it } from 'vitest'
import { LoginPage } from '#client/features/auth/components/login-page'
import { PhoneLoginPage } from '#client/features/auth/components/phone-login-page'
import { RegisterPage } from '#client/features/auth/components/register-page'
import { WxLoginPage } from '#client/features/auth/components/wx-login-page'
import { apiBase } from '#client/lib/http'
import { activateLocale } from '#client/lib/i18n'
import { renderAtRoute } from './auth-form-render.tsx'
import { serveDuringTests } from './serve-during-tests.ts'

/**
 * The sign-in pages offer only what works on this site (User/SignUpOptions): the phone tab
 * with phone codes, sign-up when it is open, WeChat when configured; opened by their address,
 * the pages of a way the site lacks say so, with a link to sign in.
 */
type Options = { registration: boolean; phone: boolean; wechat: boolean }
const server = setupServer()
serveDuringTests(server)
let authorizeAsked = 0
let asked = 0
const serve = (o: Options) =>
  server.use(
    http.get(`${apiBase}/User/SignUpOptions`, () => {
      asked++
      return HttpResponse.json({ code: 200, msg: 'ok', data: o })
    }),
    http.get(`${apiBase}/User/WxAuthorizeUrl`, () => {
      authorizeAsked++
      return HttpResponse.json({ code: 404, msg: 'not configured', data: null }, { status: 404 })
    }),
  )
beforeEach(() => {
  authorizeAsked = 0
  asked = 0
})

const login = () => renderAtRoute('/login', () => <LoginPage redirect={undefined} />)
const settled = () => screen.findByPlaceholderText(/User name|用户名/)
const offered = () => ({
  phone: screen.queryByTestId('login-mode-phone') !== null,
  wechat: screen.queryByTestId('wechat-link') !== null,
  registration: screen.queryByTestId('register-link') !== null,
})

describe('the login page', () => {
  it('offers only the password on a default site', async () => {
    serve({ registration: false, phone: false, wechat: false })
    await activateLocale('en')
    login()
    await settled()
    // once the answer is in (and React has applied it), nothing else appears
    await waitFor(() => expect(asked).toBe(1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(offered()).toEqual({ phone: false, wechat: false, registration: false })
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy()
  })

  it('offers the phone tab and sign-up with phone codes (Chinese)', async () => {
    serve({ registration: true, phone: true, wechat: false })
    await activateLocale('zh')
    login()
    await waitFor(() =>
      expect(offered()).toEqual({ phone: true, wechat: false, registration: true }),
    )
    expect(screen.getByTestId('login-mode-phone').textContent).toBe('手机验证码')
  })

  it('offers the phone tab without sign-up when registration is off, and WeChat when configured', async () => {
    serve({ registration: false, phone: true, wechat: true })
    await activateLocale('en')
    login()
    await waitFor(() =>
      expect(offered()).toEqual({ phone: true, wechat: true, registration: false }),
    )
    expect(screen.getByTestId('wechat-link').textContent).toBe('Sign in with WeChat')
  })
})

describe('pages of a way the site lacks, opened by their address', () => {
  it('/wxlogin says WeChat is not available on this site and does not ask for the provider page', async () => {
    serve({ registration: false, phone: false, wechat: false })
    await activateLocale('en')
    renderAtRoute('/wxlogin', () => <WxLoginPage redirect={undefined} />)
    const box = await screen.findByTestId('not-on-this-site')
    expect(box.textContent).toBe(
      'Sign in with WeChatNot available on this siteSign in with an account',
    )
    expect(screen.getByTestId('to-sign-in').getAttribute('href')).toBe('/login')
    expect(authorizeAsked).toBe(0)
  })

  it('/phonelogin says so in Chinese, with a link to sign in', async () => {
    serve({ registration: false, phone: false, wechat: false })
    await activateLocale('zh')
    renderAtRoute('/phonelogin', () => <PhoneLoginPage redirect={undefined} />)
    expect((await screen.findByTestId('not-on-this-site')).textContent).toBe(
      '手机验证码本站未开通使用账号登录',
    )
  })

  it('/register says sign-up is not available on this site', async () => {
    serve({ registration: false, phone: false, wechat: false })
    await activateLocale('zh')
    renderAtRoute('/register', () => <RegisterPage />)
    expect((await screen.findByTestId('register-closed')).textContent).toContain('本站未开通')
    expect(screen.getByRole('link', { name: /登录/ })).toBeTruthy()
  })
})
