import { tokenCookieName } from '#shared/contract/auth'
import { readCookie, removeCookie, writeCookie } from '#client/lib/cookies'

const refreshKey = 'forgeline-refresh-token'
const sevenDays = 7 * 24 * 3600

/** Stores the token pair after a sign-in (SPEC §4: token in the admin-pro-token cookie). */
export function storeSession(tokens: { Token: string; RefreshToken: string }) {
  writeCookie(tokenCookieName, tokens.Token, sevenDays)
  localStorage.setItem(refreshKey, tokens.RefreshToken)
}

export const hasSession = () => Boolean(readCookie(tokenCookieName))

/** Removes the stored tokens (logout or reset). */
export function clearSession() {
  removeCookie(tokenCookieName)
  localStorage.removeItem(refreshKey)
}
