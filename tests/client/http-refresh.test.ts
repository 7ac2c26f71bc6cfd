import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { envelope } from '#shared/contract/envelope'
import { getCall, http, setAuthFailureHandler, type AuthFailure } from '#client/lib/http'
import { accessToken, refreshToken, storeTokens } from '#client/lib/session-tokens'

const api = 'http://localhost:3000/api'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const ok = envelope(z.object({ n: z.number() }))

/** A server whose access token "old" has expired and whose refresh hands out "new". */
function expiringServer(refresh: () => Response | Promise<Response>) {
  const calls = { refresh: 0, data: 0, sent: [] as { url: string; header: string | null }[] }
  server.use(
    mswHttp.get(`${api}/User/RefreshToken`, async ({ request }) => {
      calls.refresh++
      calls.sent.push({ url: request.url, header: request.headers.get('x-refresh-token') })
      await new Promise((r) => setTimeout(r, 20))
      return refresh()
    }),
    mswHttp.get(`${api}/Data`, ({ request }) => {
      calls.data++
      const auth = request.headers.get('authorization')
      if (auth === 'Bearer new') return HttpResponse.json({ code: 200, msg: 'ok', data: { n: 1 } })
      return HttpResponse.json({ code: 10001, msg: '登录已过期', data: null })
    }),
  )
  return calls
}

describe('token refresh (SPEC §4, code 10001)', () => {
  it('20 concurrent calls with an expired token make exactly one refresh and all succeed', async () => {
    storeTokens({ Token: 'old', RefreshToken: 'r1' })
    const calls = expiringServer(() =>
      HttpResponse.json({ code: 200, msg: 'ok', data: { Token: 'new', RefreshToken: 'r2' } }),
    )
    const results = await Promise.all(Array.from({ length: 20 }, () => getCall('Data', ok)))
    expect(results.every((r) => r.data.n === 1)).toBe(true)
    expect(calls.refresh).toBe(1)
    expect(calls.data).toBe(40)
    expect(accessToken()).toBe('new')
    expect(refreshToken()).toBe('r2')
    // the refresh token travels in a header, never in the URL (proxy and access logs)
    expect(calls.sent).toEqual([{ url: `${api}/User/RefreshToken`, header: 'r1' }])
  })

  it('a failing refresh does not loop and asks for one sign-in', async () => {
    storeTokens({ Token: 'old', RefreshToken: 'r1' })
    const calls = expiringServer(() =>
      HttpResponse.json({ code: 10002, msg: '请重新登录', data: null }),
    )
    const failures: AuthFailure[] = []
    setAuthFailureHandler((f) => failures.push(f))
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => getCall('Data', ok)))
    expect(results.every((r) => r.status === 'rejected')).toBe(true)
    expect(calls.refresh).toBe(1)
    expect(calls.data).toBe(5)
    expect(failures.length).toBeGreaterThanOrEqual(1)
    expect(failures.every((f) => f.kind === 'signInAgain')).toBe(true)
  })

  /** A refresh answer whose body is cut off by a dropped connection. */
  const cutOff = () =>
    new HttpResponse(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"code":200,"msg":"ok","data":{"Tok'))
          controller.error(new TypeError('network error'))
        },
      }),
      { headers: { 'content-type': 'application/json' } },
    )
  it.each([
    ['a network failure during refresh keeps the session', () => HttpResponse.error()],
    [
      'a refresh answer cut off on the way is a failed connection: no sign-in asked, the session kept',
      cutOff,
    ],
  ])('%s', async (_name, answer) => {
    storeTokens({ Token: 'old', RefreshToken: 'r1' })
    expiringServer(answer)
    const failures = vi.fn()
    setAuthFailureHandler(failures)
    await expect(getCall('Data', ok)).rejects.toThrow()
    expect(failures).not.toHaveBeenCalled()
    expect(accessToken()).toBe('old')
    expect(refreshToken()).toBe('r1')
  })

  it('401 and 403 reach the handler', async () => {
    server.use(
      mswHttp.get(`${api}/Unauth`, () =>
        HttpResponse.json({ code: 401, msg: 'x', data: null }, { status: 401 }),
      ),
      mswHttp.get(`${api}/Denied`, () =>
        HttpResponse.json({ code: 403, msg: 'x', data: null }, { status: 403 }),
      ),
    )
    const failures: AuthFailure[] = []
    setAuthFailureHandler((f) => failures.push(f))
    await expect(getCall('Unauth', ok)).rejects.toThrow()
    await expect(getCall('Denied', ok)).rejects.toThrow()
    expect(failures.map((f) => f.kind)).toEqual(['unauthorized', 'forbidden'])
  })
})

describe('answers', () => {
  it('are parsed once per call, and a raw caller can still read the body', async () => {
    storeTokens({ Token: 'new', RefreshToken: 'r2' })
    server.use(
      mswHttp.get(`${api}/Data`, () => HttpResponse.json({ code: 200, msg: 'ok', data: { n: 7 } })),
    )
    const text = vi.spyOn(Response.prototype, 'text')
    const parse = vi.spyOn(JSON, 'parse')
    try {
      expect((await getCall('Data', ok)).data.n).toBe(7)
      expect(text).toHaveBeenCalledTimes(1)
      expect(parse).toHaveBeenCalledTimes(1)
      const raw = await http.get(`${api}/Data`)
      expect(((await raw.json()) as { data: { n: number } }).data.n).toBe(7)
    } finally {
      text.mockRestore()
      parse.mockRestore()
    }
  })
})
