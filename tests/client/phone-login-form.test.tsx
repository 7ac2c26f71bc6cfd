import { fireEvent, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { PhoneLoginForm } from '#client/features/auth/components/phone-login-form'
import { apiBase } from '#client/lib/http'
import { activateLocale } from '#client/lib/i18n'
import { accessToken } from '#client/lib/session-tokens'
import { errorOf, field, fill, labels, renderInProviders, toastText } from './auth-form-render.tsx'

/** Phone-code sign-in on the form builder: fields, SPEC §5 texts, code button, payload. */
let logins: unknown[] = []
let codes: unknown[] = []
const server = setupServer(
  http.post(`${apiBase}/User/PhoneLogin`, async ({ request }) => {
    const body = (await request.json()) as { code: string }
    logins.push(body)
    if (body.code !== '246810')
      return HttpResponse.json({ code: 500, msg: '验证码错误', data: null })
    return HttpResponse.json({
      code: 200,
      msg: 'ok',
      data: { Token: 'tok', RefreshToken: 'ref' },
    })
  }),
  http.post(`${apiBase}/User/SendSmsCode`, async ({ request }) => {
    codes.push(await request.json())
    return HttpResponse.json({ code: 200, msg: 'ok', data: { resendSeconds: 60 } })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  logins = []
  codes = []
  document.cookie = 'admin-pro-token=; max-age=0; path=/'
})
afterEach(async () => {
  await activateLocale('zh')
})
afterAll(() => server.close())

const renderForm = () => {
  const onSignedIn = vi.fn(async () => {})
  renderInProviders(<PhoneLoginForm onSignedIn={onSignedIn} />)
  return onSignedIn
}
const submit = () => fireEvent.click(screen.getByTestId('phone-login-save'))

describe('<PhoneLoginForm> on the form builder', () => {
  it('renders the mobile and code fields, both marked required, with the code button', async () => {
    await activateLocale('en')
    renderForm()
    expect(labels()).toEqual(['Mobile number*', 'Verification code*'])
    expect(field('mobile')!.type).toBe('tel')
    expect(field('mobile')!.maxLength).toBe(11)
    expect(field('code')!.autocomplete).toBe('one-time-code')
    expect(screen.getByTestId('sms-code-button').textContent).toBe('Get code')
    expect(screen.getByTestId('phone-login-save').textContent).toBe('Sign in')
  })

  for (const [locale, t] of [
    [
      'zh',
      {
        mobile: '请输入手机号',
        wrong: '请输入正确的手机号',
        code: '请输入手机验证码',
        toast: '请修正标记的字段',
      },
    ],
    [
      'en',
      {
        mobile: 'Please enter the mobile number',
        wrong: 'Please enter the correct mobile number',
        code: 'Please input the phone verification code',
        toast: 'Please correct the marked fields',
      },
    ],
  ] as const) {
    it(`refuses an empty form and a bad number with the SPEC §5 texts (${locale}), focuses the number, sends nothing`, async () => {
      await activateLocale(locale)
      const onSignedIn = renderForm()
      submit()
      await waitFor(() => expect(errorOf('mobile')).toBe(t.mobile))
      expect(errorOf('code')).toBe(t.code)
      await waitFor(() => expect(toastText()).toBe(t.toast))
      await waitFor(() => expect(document.activeElement).toBe(field('mobile')))
      fill({ mobile: '1370000123', code: '12' })
      submit()
      await waitFor(() => expect(errorOf('mobile')).toBe(t.wrong))
      expect(errorOf('code')).toBe(t.code)
      // the code button checks the number the same way and asks for nothing
      fireEvent.click(screen.getByTestId('sms-code-button'))
      await waitFor(() => expect(errorOf('mobile')).toBe(t.wrong))
      expect(logins).toEqual([])
      expect(codes).toEqual([])
      expect(onSignedIn).not.toHaveBeenCalled()
    })
  }

  it('asks for a code for the number, then signs in with {mobile, code}; a wrong code is refused', async () => {
    await activateLocale('en')
    const onSignedIn = renderForm()
    fireEvent.click(screen.getByTestId('sms-code-button'))
    await waitFor(() => expect(errorOf('mobile')).toBe('Please enter the mobile number'))
    fill({ mobile: '13700005678' })
    fireEvent.click(screen.getByTestId('sms-code-button'))
    await waitFor(() => expect(codes).toEqual([{ mobile: '13700005678', purpose: 'login' }]))
    await waitFor(() =>
      expect(screen.getByTestId('sms-code-button').textContent).toMatch(/^Resend in \d+ s$/),
    )
    fill({ code: '000000' })
    submit()
    await waitFor(() => expect(toastText()).toContain('验证码错误'))
    expect(onSignedIn).not.toHaveBeenCalled()
    fill({ code: '246810' })
    submit()
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1))
    expect(logins).toEqual([
      { mobile: '13700005678', code: '000000' },
      { mobile: '13700005678', code: '246810' },
    ])
    expect(accessToken()).toBe('tok')
  })
})
