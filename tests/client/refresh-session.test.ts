import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { refreshSession } from '#client/lib/refresh'
import { accessToken, clearTokens, refreshToken, storeTokens } from '#client/lib/session-tokens'
import { tabLocks } from './tab-locks.ts'

const api = 'http://localhost:3000/api'
/** The server's answers to `User/RefreshToken`, one per call (none: the test expects no call). */
let fetchMock = vi.fn<typeof fetch>()
const answer = (body: unknown, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })
const tokens = () => ({ access: accessToken(), refresh: refreshToken() })

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>()
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'locks')
  clearTokens()
})

describe('refreshing the session (SPEC §4, code 10001)', () => {
  it('sends the refresh token and stores the new pair', async () => {
    storeTokens({ Token: 'old', RefreshToken: 'r1' })
    fetchMock.mockResolvedValue(
      answer({ code: 200, msg: 'ok', data: { Token: 'new', RefreshToken: 'r2' } }),
    )
    expect(await refreshSession(api, 'old')).toBe('refreshed')
    expect(tokens()).toEqual({ access: 'new', refresh: 'r2' })
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('uses the token another tab has refreshed meanwhile, without a second refresh', async () => {
    // the call that met the expiry sent "old"; the cookie shared by the tabs holds "new" now
    storeTokens({ Token: 'new', RefreshToken: 'r2' })
    expect(await refreshSession(api, 'old')).toBe('refreshed')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('asks to sign in again, sending nothing, when no refresh token is kept', async () => {
    expect(await refreshSession(api, undefined)).toBe('signInAgain')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('keeps the session when the refresh gets no answer (offline)', async () => {
    storeTokens({ Token: 'old', RefreshToken: 'r1' })
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    expect(await refreshSession(api, 'old')).toBe('offline')
    expect(tokens()).toEqual({ access: 'old', refresh: 'r1' })
  })

  it('keeps the session when the answer is cut off on the way (offline)', async () => {
    storeTokens({ Token: 'old', RefreshToken: 'r1' })
    const cutOff = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"code":200,"msg":"ok","data":{"Tok'))
        controller.error(new TypeError('network error'))
      },
    })
    fetchMock.mockResolvedValue(new Response(cutOff))
    expect(await refreshSession(api, 'old')).toBe('offline')
    expect(tokens()).toEqual({ access: 'old', refresh: 'r1' })
  })

  it.each([
    [500, 'offline'],
    [502, 'offline'],
    [404, 'signInAgain'],
  ] as const)('an answer %i that is no envelope (a proxy page): %s', async (status, expected) => {
    storeTokens({ Token: 'old', RefreshToken: 'r1' })
    fetchMock.mockResolvedValue(answer('<html>Bad Gateway</html>', status))
    expect(await refreshSession(api, 'old')).toBe(expected)
    expect(tokens()).toEqual({ access: 'old', refresh: 'r1' })
  })

  it('a refusal in the envelope asks to sign in again and stores nothing, whatever its data', async () => {
    storeTokens({ Token: 'old', RefreshToken: 'r1' })
    fetchMock.mockResolvedValue(
      answer({ code: 10002, msg: '请重新登录', data: { Token: '', RefreshToken: '' } }),
    )
    expect(await refreshSession(api, 'old')).toBe('signInAgain')
    expect(tokens()).toEqual({ access: 'old', refresh: 'r1' })
  })

  it('waits while another tab refreshes (Web Lock), then uses the token that tab got', async () => {
    const locks = tabLocks()
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true })
    storeTokens({ Token: 'old', RefreshToken: 'r1' })
    // the other tab holds the refresh lock and is refreshing
    let otherTabDone!: () => void
    void locks.request(
      'forgeline-token-refresh',
      () => new Promise<void>((resolve) => (otherTabDone = resolve)),
    )
    let result: string | undefined
    const refreshing = refreshSession(api, 'old').then((r) => (result = r))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(result).toBeUndefined()
    expect(fetchMock).not.toHaveBeenCalled()
    storeTokens({ Token: 'new', RefreshToken: 'r2' })
    otherTabDone()
    await refreshing
    expect(result).toBe('refreshed')
    // the refresh token "r1" was used by the other tab: sending it again would revoke the family
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('refreshes without a lock where there is no navigator (not a browser page)', async () => {
    vi.stubGlobal('navigator', undefined)
    storeTokens({ Token: 'old', RefreshToken: 'r1' })
    fetchMock.mockResolvedValue(
      answer({ code: 200, msg: 'ok', data: { Token: 'new', RefreshToken: 'r2' } }),
    )
    expect(await refreshSession(api, 'old')).toBe('refreshed')
    expect(tokens()).toEqual({ access: 'new', refresh: 'r2' })
  })
})
