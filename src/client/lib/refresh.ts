import { Code } from '#shared/contract/codes'
import { fetchWithin } from './fetch-within.ts'
import { accessToken, refreshToken, storeTokens } from './session-tokens.ts'

export type RefreshResult = 'refreshed' | 'signInAgain' | 'offline'

let inFlight: Promise<RefreshResult> | null = null

function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

async function callRefresh(
  apiBase: string,
  staleToken: string | undefined,
): Promise<RefreshResult> {
  // Another tab may have refreshed while this one waited for the lock.
  const current = accessToken()
  if (current && current !== staleToken) return 'refreshed'
  const token = refreshToken()
  if (!token) return 'signInAgain'
  let res: Response
  try {
    // in a header, not the query (SPEC §7's form, still accepted): URLs end up in proxy logs
    res = await fetchWithin(
      `${apiBase}/User/RefreshToken`,
      { headers: { 'X-Refresh-Token': token } },
      15_000,
    )
  } catch {
    return 'offline'
  }
  // the sign-in contract loads only when a refresh happens: not on a visitor's first load
  const { refreshResponse } = await import('#shared/contract/sign-in')
  let text: string
  try {
    text = await res.text()
  } catch {
    // the answer was cut off on the way: a failed connection, not a refused session
    return 'offline'
  }
  const parsed = refreshResponse.safeParse(jsonOrNull(text))
  if (!parsed.success) return res.status >= 500 ? 'offline' : 'signInAgain'
  if (parsed.data.code !== Code.ok) return 'signInAgain'
  storeTokens(parsed.data.data)
  return 'refreshed'
}

/**
 * One refresh for every request that met an expired token (SPEC §4 code 10001): shared
 * within the tab by a promise and across tabs by a Web Lock, so a refresh token is used once.
 * A network failure keeps the session ('offline').
 */
export function refreshSession(
  apiBase: string,
  staleToken: string | undefined,
): Promise<RefreshResult> {
  inFlight ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
      return locks
        ? await locks.request('forgeline-token-refresh', () => callRefresh(apiBase, staleToken))
        : await callRefresh(apiBase, staleToken)
    } finally {
      inFlight = null
    }
  })()
  return inFlight
}
