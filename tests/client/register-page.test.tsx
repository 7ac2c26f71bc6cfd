import { fireEvent, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { RegisterPage } from '#client/features/auth/components/register-page'
import { apiBase } from '#client/lib/http'
import { activateLocale } from '#client/lib/i18n'
import { errorOf, field, fill, labels, renderAtRoute, toastText } from './auth-form-render.tsx'

/** Sign-up on the form builder: fields, rules and texts in both languages, payload. */
let registered: unknown[] = []
let codes: unknown[] = []
const root = apiBase.replace(/\/[^/]*$/, '')
const server = setupServer(
  http.get(`${apiBase}/User/SignUpOptions`, () =>
    HttpResponse.json({ code: 200, msg: 'ok', data: { registration: true } }),
  ),
  http.post(`${apiBase}/User/SendSmsCode`, async ({ request }) => {
    codes.push(await request.json())
    return HttpResponse.json({ code: 200, msg: 'ok', data: { resendSeconds: 60 } })
  }),
  http.post(`${root}/register`, async ({ request }) => {
    const body = (await request.json()) as { username: string }
    registered.push(body)
    if (body.username === 'taken')
      return HttpResponse.json(
        { code: 400, msg: 'Bad request', data: null, errors: { username: '用户名已存在' } },
        { status: 400 },
      )
    return HttpResponse.json({ code: 200, msg: '注册成功，请等待管理员分配角色', data: null })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  registered = []
  codes = []
})
afterEach(async () => {
  await activateLocale('zh')
})
afterAll(() => server.close())

const submit = () => fireEvent.click(screen.getByTestId('register-save'))
const good = {
  username: 'phoneuser1',
  password: 'phone-user-pass-1',
  confirm: 'phone-user-pass-1',
  mobile: '13700001234',
  code: '123456',
}

describe('<RegisterPage> on the form builder', () => {
  it('renders the five fields, all marked required', async () => {
    await activateLocale('en')
    renderAtRoute('/register', () => <RegisterPage />)
    await screen.findByTestId('register-save')
    expect(labels()).toEqual([
      'User name*',
      'Password*',
      'Confirm password*',
      'Mobile number*',
      'Verification code*',
    ])
    expect(field('password')!.type).toBe('password')
    expect(field('confirm')!.autocomplete).toBe('new-password')
  })

  for (const [locale, t] of [
    [
      'zh',
      {
        user: '用户名不能为空',
        userFormat: '用户名为3-32位字母、数字、中文或 _ . -',
        password: '密码不能少于8位',
        confirm: '请再次输入密码',
        differ: '两次输入的密码不一致',
        mobile: '请输入手机号',
      },
    ],
    [
      'en',
      {
        user: 'User name cannot be empty',
        userFormat: 'The user name has 3-32 letters, digits, Chinese characters or _ . -',
        password: 'The password must have at least 8 characters',
        confirm: 'Please enter the password again',
        differ: 'The two passwords do not match',
        mobile: 'Please enter the mobile number',
      },
    ],
  ] as const) {
    it(`refuses empty, short, badly named and mismatched input (${locale}) and sends nothing`, async () => {
      await activateLocale(locale)
      renderAtRoute('/register', () => <RegisterPage />)
      await screen.findByTestId('register-save')
      submit()
      await waitFor(() => expect(errorOf('username')).toBe(t.user))
      expect(errorOf('password')).toBe(t.password)
      expect(errorOf('confirm')).toBe(t.confirm)
      expect(errorOf('mobile')).toBe(t.mobile)
      await waitFor(() => expect(document.activeElement).toBe(field('username')))
      fill({ ...good, username: 'ab', password: 'short7!', confirm: 'short7?' })
      submit()
      await waitFor(() => expect(errorOf('username')).toBe(t.userFormat))
      expect(errorOf('password')).toBe(t.password)
      expect(errorOf('confirm')).toBe(t.differ)
      expect(errorOf('mobile')).toBe('')
      expect(registered).toEqual([])
    })
  }

  it('asks for a register code, sends {username, password, mobile, code} and goes to sign-in with the message', async () => {
    await activateLocale('zh')
    const router = renderAtRoute('/register', () => <RegisterPage />)
    await screen.findByTestId('register-save')
    fill({ mobile: '13700001234' })
    fireEvent.click(screen.getByTestId('sms-code-button'))
    await waitFor(() => expect(codes).toEqual([{ mobile: '13700001234', purpose: 'register' }]))
    fill({ ...good, username: ' phoneuser1 ' })
    submit()
    expect(await screen.findByText('login page')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
    expect(registered).toEqual([
      {
        username: 'phoneuser1',
        password: 'phone-user-pass-1',
        mobile: '13700001234',
        code: '123456',
      },
    ])
    await waitFor(() => expect(toastText()).toBe('注册成功，请等待管理员分配角色'))
  })

  it("shows the server's field error under its field and stays", async () => {
    await activateLocale('en')
    const router = renderAtRoute('/register', () => <RegisterPage />)
    await screen.findByTestId('register-save')
    fill({ ...good, username: 'taken' })
    submit()
    await waitFor(() => expect(errorOf('username')).toBe('用户名已存在'))
    await waitFor(() => expect(document.activeElement).toBe(field('username')))
    expect(router.state.location.pathname).toBe('/register')
  })
})
