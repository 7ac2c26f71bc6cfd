import { generateKeyPairSync } from 'node:crypto'
import { fireEvent, screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import forge from 'node-forge'
import { beforeEach, describe, expect, it } from 'vitest'
import { LoginPage } from '#client/features/auth/components/login-page'
import { apiBase } from '#client/lib/http'
import { activateLocale } from '#client/lib/i18n'
import { accessToken } from '#client/lib/session-tokens'
import { renderAtRoute } from './auth-form-render.tsx'
import { serveDuringTests } from './serve-during-tests.ts'

/**
 * The sign-in form against a server that is not in mock mode: the password goes RSA-encrypted
 * as `param`, and when the key cannot be had the form says so instead of sending it in plain text.
 */
const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
})
let logins: unknown[] = []
const loginHandler = http.post(`${apiBase}/User/Login`, async ({ request }) => {
  logins.push(await request.json())
  return HttpResponse.json({
    code: 200,
    msg: 'ok',
    data: {
      Token: 'tok',
      RefreshToken: 'ref',
      AccessTokenExpiresIn: 60,
      RefreshTokenExpiresIn: 600,
    },
  })
})
const server = setupServer()

serveDuringTests(server)
beforeEach(() => {
  logins = []
  document.cookie = 'admin-pro-token=; max-age=0; path=/'
})

const renderLogin = () => renderAtRoute('/login', () => <LoginPage redirect={undefined} />)

async function signIn(names: { user: string; password: string; button: string }, password: string) {
  fireEvent.change(await screen.findByPlaceholderText(names.user), { target: { value: 'admin' } })
  fireEvent.change(screen.getByPlaceholderText(names.password), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: names.button }))
}
const zh = { user: '用户名', password: '密码', button: '登录' }
const en = { user: 'User name', password: 'Password', button: 'Sign in' }

describe('encrypted sign-in', () => {
  it('sends only `param`, which the server key decrypts to the credentials', async () => {
    server.use(
      http.get(`${apiBase}/publicKey`, () =>
        HttpResponse.json({ code: 200, msg: 'ok', data: { publicKey, mockServer: false } }),
      ),
      loginHandler,
    )
    const router = renderLogin()
    await signIn(zh, 'secret-pass-1')
    expect(await screen.findByText('staff home')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/admin/index')
    expect(logins).toHaveLength(1)
    const body = logins[0] as Record<string, string>
    expect(Object.keys(body)).toEqual(['param'])
    expect(JSON.stringify(body)).not.toContain('secret-pass-1')
    const bytes = forge.util.decode64(body.param!)
    const key = forge.pki.privateKeyFromPem(privateKey)
    let plain = ''
    for (let i = 0; i < bytes.length; i += 128)
      plain += key.decrypt(bytes.slice(i, i + 128), 'RSAES-PKCS1-V1_5')
    expect(JSON.parse(forge.util.decodeUtf8(plain))).toEqual({
      username: 'admin',
      password: 'secret-pass-1',
    })
  })

  it.each([
    ['unreachable', () => HttpResponse.error()],
    [
      'a server error',
      () => HttpResponse.json({ code: 500, msg: 'boom', data: null }, { status: 500 }),
    ],
    [
      'an empty key',
      () => HttpResponse.json({ code: 200, msg: 'ok', data: { publicKey: '', mockServer: false } }),
    ],
  ])('without a key (%s) it says so in Chinese and sends nothing', async (_, answer) => {
    server.use(http.get(`${apiBase}/publicKey`, answer), loginHandler)
    const router = renderLogin()
    await signIn(zh, 'secret-pass-1')
    expect((await screen.findByRole('alert')).textContent).toBe(
      '无法安全登录：未能获取服务器的加密公钥。请检查网络连接后重试。',
    )
    expect(logins).toEqual([])
    expect(router.state.location.pathname).toBe('/login')
    expect(accessToken()).toBeUndefined()
  })

  it('says so in English on an English page', async () => {
    await activateLocale('en')
    server.use(
      http.get(`${apiBase}/publicKey`, () => HttpResponse.error()),
      loginHandler,
    )
    renderLogin()
    await signIn(en, 'secret-pass-1')
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Secure sign-in is unavailable: the server's encryption key could not be loaded. Check the connection and try again.",
    )
    expect(logins).toEqual([])
  })

  it('sends the credentials as they are when the server says it is the mock server', async () => {
    server.use(
      http.get(`${apiBase}/publicKey`, () =>
        HttpResponse.json({ code: 200, msg: 'ok', data: { publicKey: '', mockServer: true } }),
      ),
      loginHandler,
    )
    renderLogin()
    await signIn(zh, 'secret-pass-1')
    expect(await screen.findByText('staff home')).toBeTruthy()
    expect(logins).toEqual([{ username: 'admin', password: 'secret-pass-1' }])
  })
})
