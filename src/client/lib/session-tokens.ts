import { tokenCookieName } from '#shared/contract/session-cookie'
import { readCookie, removeCookie, writeCookie } from './cookies.ts'

const refreshKey = 'forgeline-refresh-token'
const sevenDays = 7 * 24 * 3600

export type TokenPair = { Token: string; RefreshToken: string }

/** Stores the token pair (SPEC §4: access token in the admin-pro-token cookie). */
export function storeTokens(tokens: TokenPair) {
  writeCookie(tokenCookieName, tokens.Token, sevenDays)
  localStorage.setItem(refreshKey, tokens.RefreshToken)
}

export const accessToken = () => readCookie(tokenCookieName)
export const refreshToken = () => localStorage.getItem(refreshKey) ?? undefined
export const hasSession = () => Boolean(accessToken())

/** Removes the stored tokens (logout or reset). */
export function clearTokens() {
  removeCookie(tokenCookieName)
  localStorage.removeItem(refreshKey)
}
