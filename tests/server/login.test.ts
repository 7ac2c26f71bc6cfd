import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, testPasswords, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/User/Login', payload: payload as never, headers })

describe('POST /api/User/Login', () => {
  it('signs in with JSON and returns a token pair', async () => {
    const res = await login({ username: 'admin', password: testPasswords.admin })
    expect(res.statusCode).toBe(200)
    const body = res.json() as { code: number; data: { Token: string; RefreshToken: string } }
    expect(body.code).toBe(200)
    expect(body.data.Token).toMatch(/^[\w-]{40,}$/)
    expect(body.data.RefreshToken).not.toBe(body.data.Token)
  })

  it('signs in with a form-encoded body', async () => {
    const res = await login(`username=staff&password=${encodeURIComponent(testPasswords.staff)}`, {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect((res.json() as { data: { Token: string } }).data.Token).toBeTruthy()
  })

  it('gives the same answer for an unknown user, a wrong password and an undecryptable payload', async () => {
    const answers = await Promise.all([
      login({ username: 'nobody', password: 'whatever-123' }),
      login({ username: 'admin', password: 'wrong-password' }),
      login({ param: 'not-base64-%%%' }),
    ])
    const bodies = answers.map((r) => ({ status: r.statusCode, body: r.json() as unknown }))
    expect(bodies[0]).toEqual({
      status: 200,
      body: { code: 500, msg: '账号或密码不正确', data: null },
    })
    expect(bodies[1]).toEqual(bodies[0])
    expect(bodies[2]).toEqual(bodies[0])
  })

  it('answers in English when asked', async () => {
    const res = await login(
      { username: 'admin', password: 'nope-nope' },
      { 'accept-language': 'en' },
    )
    expect((res.json() as { msg: string }).msg).toBe('Account or password incorrect')
  })

  it('refuses a banned user with the same answer', async () => {
    await t.db.db.updateTable('users').set({ ban: 1 }).where('login_name', '=', 'editor').execute()
    const res = await login({ username: 'editor', password: testPasswords.editor })
    expect(res.json()).toEqual({ code: 500, msg: '账号或密码不正确', data: null })
    await t.db.db.updateTable('users').set({ ban: 0 }).where('login_name', '=', 'editor').execute()
  })

  it('rejects a body without credentials as a bad request', async () => {
    const res = await login({ username: '' })
    expect(res.statusCode).toBe(400)
    expect((res.json() as { code: number }).code).toBe(400)
  })

  it('writes sign-ins and failures to the system log', async () => {
    const rows = await t.db.db.selectFrom('system_log').select(['account', 'result']).execute()
    expect(rows).toEqual(
      expect.arrayContaining([
        { account: 'admin', result: 'login success' },
        { account: 'nobody', result: 'login failure' },
      ]),
    )
  })
})
