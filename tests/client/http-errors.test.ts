import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { envelope } from '#shared/contract/envelope'
import {
  ApiError,
  apiErrorText,
  getCall,
  http,
  postCall,
  setAuthFailureHandler,
  type AuthFailure,
} from '#client/lib/http'
import { activateLocale } from '#client/lib/i18n'
import { describeError } from '#client/features/error-log/collect'

const api = 'http://localhost:3000/api'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(async () => {
  server.resetHandlers()
  await activateLocale('zh')
})
afterAll(() => server.close())

const any = envelope(z.unknown())
const nginx = (status: number) =>
  new HttpResponse(
    `<html><body><center><h1>${status} Bad Gateway</h1></center><hr><center>nginx</center></body></html>`,
    { status, headers: { 'content-type': 'text/html' } },
  )

async function failure(path: string): Promise<ApiError> {
  try {
    await getCall(path, any)
  } catch (e) {
    if (e instanceof ApiError) return e
    throw e
  }
  throw new Error('the call did not fail')
}

describe('response check (SPEC §8)', () => {
  it('a proxy answer without the envelope shows SPEC default texts, in zh and en', async () => {
    for (const status of [400, 404, 500, 502, 503, 504])
      server.use(mswHttp.get(`${api}/P${status}`, () => nginx(status)))
    const zh = await Promise.all([400, 404, 500, 502, 503, 504].map((s) => failure(`P${s}`)))
    expect(zh.map((e) => e.message)).toEqual([
      '请求错误(400)',
      '请求的资源不存在(404)',
      '服务器错误(500)',
      '网关错误(502)',
      '服务不可用(503)',
      '网关超时(504)',
    ])
    await activateLocale('en')
    const en = await failure('P502')
    expect([en.code, en.message, apiErrorText(en)]).toEqual([
      502,
      'Gateway error (502)',
      'Gateway error (502)',
    ])
    expect((await failure('P504')).message).toBe('Gateway timeout (504)')
  })

  it('accepts the success codes; 500 and 0 show the code and the message; other codes the url too', async () => {
    server.use(
      mswHttp.get(`${api}/Ok`, () => HttpResponse.json({ code: 200, msg: 'ok', data: 1 })),
      mswHttp.get(`${api}/Done`, () => HttpResponse.json({ code: 10000, msg: 'ok', data: 2 })),
      mswHttp.get(`${api}/Fail`, () =>
        HttpResponse.json({ code: 500, msg: '账号或密码不正确', data: null }),
      ),
      mswHttp.get(`${api}/Zero`, () => HttpResponse.json({ code: 0, msg: '失败', data: null })),
      mswHttp.get(`${api}/Odd`, () => HttpResponse.json({ code: 12345, msg: 'odd', data: null })),
      mswHttp.get(`${api}/Listed`, ({ request }) =>
        HttpResponse.json({
          code: JSON.parse(new URL(request.url).searchParams.get('c')!) as unknown,
          msg: 'ok',
          data: 3,
        }),
      ),
    )
    expect((await getCall('Ok', any)).data).toBe(1)
    expect((await getCall('Done', any)).data).toBe(2)
    // every success code of SPEC §8's list, numbers and text alike
    for (const c of ['"200"', '10003', '10004', '100011'])
      expect((await getCall('Listed', any, { c })).data).toBe(3)
    expect(apiErrorText(await failure('Listed?c=%220%22'))).toBe('0: ok')
    expect(apiErrorText(await failure('Fail'))).toBe('500: 账号或密码不正确')
    expect(apiErrorText(await failure('Zero'))).toBe('0: 失败')
    const odd = await failure('Odd?x=1')
    expect(apiErrorText(odd)).toBe('/api/Odd 12345: odd')
    // the error log line names the url and the code
    expect(describeError(odd).message).toBe('/api/Odd [12345] odd')
  })

  it('401 and 403 go to the app handler (reset and login; /403)', async () => {
    const seen: AuthFailure[] = []
    setAuthFailureHandler((f) => seen.push(f))
    server.use(
      mswHttp.get(`${api}/A401`, () =>
        HttpResponse.json({ code: 401, msg: 'no', data: null }, { status: 401 }),
      ),
      mswHttp.get(`${api}/A403`, () =>
        HttpResponse.json({ code: 403, msg: 'no', data: null }, { status: 403 }),
      ),
    )
    await failure('A401')
    await failure('A403')
    expect(seen).toEqual([{ kind: 'unauthorized' }, { kind: 'forbidden' }])
    setAuthFailureHandler(() => {})
  })

  it('a network failure rejects with the browser error (shown as offline or connection trouble)', async () => {
    server.use(mswHttp.get(`${api}/Gone`, () => HttpResponse.error()))
    await expect(getCall('Gone', any)).rejects.toBeInstanceOf(TypeError)
  })
})

describe('loading overlay (SPEC §8 doEdit)', () => {
  it('covers the page while a doEdit call or a long save runs, and only then', async () => {
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    server.use(
      mswHttp.post(
        `${api}/Order/doEdit`,
        async () => (await held, HttpResponse.json({ code: 200, msg: 'ok', data: null })),
      ),
      mswHttp.post(`${api}/Order/List`, () =>
        HttpResponse.json({ code: 200, msg: 'ok', data: null }),
      ),
    )
    const overlay = () => document.querySelector('[data-testid="loading-overlay"]')
    await postCall('Order/List', any, {})
    expect(overlay()).toBeNull()
    const saving = postCall('Order/doEdit', any, {})
    await vi.waitFor(() => expect(overlay()).not.toBeNull())
    release()
    await saving
    expect(overlay()).toBeNull()
    const long = http.post(`${api}/Order/List`, { json: {}, overlay: true })
    expect(overlay()).not.toBeNull()
    await long
    expect(overlay()).toBeNull()
  })
})
