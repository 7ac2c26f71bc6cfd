import { fireEvent, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { WxBindPage } from '#client/features/auth/components/wx-bind-page'
import { apiBase } from '#client/lib/http'
import { activateLocale } from '#client/lib/i18n'
import { accessToken } from '#client/lib/session-tokens'
import { errorOf, field, fill, labels, renderAtRoute, toastText } from './auth-form-render.tsx'

/** WeChat bind on the form builder: user name and password, texts, payload, redirect. */
let binds: unknown[] = []
const server = setupServer(
  http.post(`${apiBase}/User/WxBind`, async ({ request }) => {
    const body = (await request.json()) as { password: string }
    binds.push(body)
    if (body.password !== 'e2e-staff-pass')
      return HttpResponse.json({ code: 500, msg: '用户名或密码错误', data: null })
    return HttpResponse.json({ code: 200, msg: 'ok', data: { Token: 'wx-tok', RefreshToken: 'r' } })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  binds = []
  document.cookie = 'admin-pro-token=; max-age=0; path=/'
  sessionStorage.setItem(
    'forgeline-wx-flow',
    JSON.stringify({ state: 's', ticket: 'ticket-1', redirect: '/admin/index' }),
  )
})
afterEach(async () => {
  sessionStorage.clear()
  await activateLocale('zh')
})
afterAll(() => server.close())

const submit = () => fireEvent.click(screen.getByTestId('wx-bind-save'))

describe('<WxBindPage> on the form builder', () => {
  for (const [locale, t] of [
    ['zh', { labels: ['用户名*', '密码*'], user: '用户名不能为空', short: '密码不能少于6位' }],
    [
      'en',
      {
        labels: ['User name*', 'Password*'],
        user: 'User name cannot be empty',
        short: 'Password cannot be less than 6 characters',
      },
    ],
  ] as const) {
    it(`renders user name and password, refuses empty and short input (${locale}), sends nothing`, async () => {
      await activateLocale(locale)
      renderAtRoute('/wxbd', () => <WxBindPage />)
      await screen.findByTestId('wx-bind-save')
      expect(labels()).toEqual(t.labels)
      expect(field('password')!.autocomplete).toBe('current-password')
      submit()
      await waitFor(() => expect(errorOf('username')).toBe(t.user))
      expect(errorOf('password')).toBe(t.short)
      await waitFor(() => expect(document.activeElement).toBe(field('username')))
      fill({ username: 'staff', password: '12345' })
      submit()
      await waitFor(() => expect(errorOf('password')).toBe(t.short))
      expect(errorOf('username')).toBe('')
      expect(binds).toEqual([])
    })
  }

  it('binds with {ticket, username, password}, ends the flow and goes to the redirect; a wrong password stays', async () => {
    await activateLocale('zh')
    const router = renderAtRoute('/wxbd', () => <WxBindPage />)
    await screen.findByTestId('wx-bind-save')
    fill({ username: 'staff', password: 'wrong-pass' })
    submit()
    await waitFor(() => expect(toastText()).toContain('用户名或密码错误'))
    expect(router.state.location.pathname).toBe('/wxbd')
    fill({ password: 'e2e-staff-pass' })
    submit()
    expect(await screen.findByText('staff home')).toBeTruthy()
    expect(binds).toEqual([
      { ticket: 'ticket-1', username: 'staff', password: 'wrong-pass' },
      { ticket: 'ticket-1', username: 'staff', password: 'e2e-staff-pass' },
    ])
    expect(accessToken()).toBe('wx-tok')
    expect(sessionStorage.getItem('forgeline-wx-flow')).toBeNull()
  })
})
