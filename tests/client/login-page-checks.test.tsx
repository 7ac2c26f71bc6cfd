import { fireEvent, screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { beforeEach, describe, expect, it } from 'vitest'
import { LoginPage } from '#client/features/auth/components/login-page'
import { apiBase } from '#client/lib/http'
import { activateLocale } from '#client/lib/i18n'
import { renderAtRoute } from './auth-form-render.tsx'
import { serveDuringTests } from './serve-during-tests.ts'

/**
 * The sign-in form's own checks (SPEC §5): an empty user name and a password under 6 characters
 * are refused on the page, in the page's language, and nothing is sent; 6 characters are sent.
 */
let logins: unknown[] = []
const server = setupServer(
  http.get(`${apiBase}/publicKey`, () =>
    HttpResponse.json({ code: 200, msg: 'ok', data: { publicKey: '', mockServer: true } }),
  ),
  http.get(`${apiBase}/User/SignUpOptions`, () =>
    HttpResponse.json({ code: 200, msg: 'ok', data: { registration: false } }),
  ),
  http.post(`${apiBase}/User/Login`, async ({ request }) => {
    logins.push(await request.json())
    return HttpResponse.json({ code: 500, msg: 'wrong', data: null })
  }),
)
serveDuringTests(server)
beforeEach(() => {
  logins = []
})

const texts = {
  zh: {
    user: '用户名',
    password: '密码',
    button: '登录',
    noName: '用户名不能为空',
    short: '密码不能少于6位',
  },
  en: {
    user: 'User name',
    password: 'Password',
    button: 'Sign in',
    noName: 'User name cannot be empty',
    short: 'Password cannot be less than 6 characters',
  },
}

describe.each(['zh', 'en'] as const)('the sign-in form checks (%s)', (locale) => {
  const x = texts[locale]
  const fill = async (user: string, password: string) => {
    fireEvent.change(await screen.findByPlaceholderText(x.user), { target: { value: user } })
    fireEvent.change(screen.getByPlaceholderText(x.password), { target: { value: password } })
    fireEvent.click(screen.getByRole('button', { name: x.button }))
  }

  it('refuses an empty user name and a short password, says why, focuses the first, sends nothing', async () => {
    activateLocale(locale)
    renderAtRoute('/login', () => <LoginPage redirect={undefined} />)
    await fill('  ', '12345')
    expect(await screen.findByText(x.noName)).toBeTruthy()
    expect(screen.getByText(x.short)).toBeTruthy()
    expect(document.activeElement?.id).toBe('login-username')
    await new Promise((r) => setTimeout(r, 50))
    expect(logins).toEqual([])
  })

  it('sends a name with a password of exactly 6 characters', async () => {
    activateLocale(locale)
    renderAtRoute('/login', () => <LoginPage redirect={undefined} />)
    await fill('admin', '123456')
    await expect.poll(() => logins.length).toBe(1)
    expect(screen.queryByText(x.short)).toBeNull()
  })
})
