import { clientErrorLimits, type ClientErrorBody } from '#shared/contract/client-error'
import { apiBase, http } from '#client/lib/http'
import { accessToken } from '#client/lib/session-tokens'
import { setErrorSink, type ErrorEntry } from './error-store.ts'

/**
 * SPEC §8: unhandled UI errors are sent on to the server when the log setting includes the
 * mode the app runs in. `VITE_ERROR_LOG` lists the modes (`production`, `development`), comma
 * separated; the default `production` sends from a built app only.
 */
export function sendsIn(setting: string, production: boolean): boolean {
  const modes = setting.split(',').map((m) => m.trim().toLowerCase())
  return modes.includes(production ? 'production' : 'development')
}

/** Entries a page sends per minute at most (the server also bounds them per user). */
export const sentPerMinute = 10

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s)

/**
 * Sends each new entry (not failed calls: the server logs those itself) while someone is signed
 * in; a failure to send is dropped, never logged again. Returns the function that stops it.
 */
export function startSendingErrors(
  setting: string = import.meta.env.VITE_ERROR_LOG ?? 'production',
  production: boolean = import.meta.env.PROD,
): () => void {
  if (!sendsIn(setting, production)) return () => {}
  let windowStart = 0
  let sent = 0
  setErrorSink((e: ErrorEntry) => {
    if (e.source === 'request' || !accessToken()) return
    const now = Date.now()
    if (now - windowStart > 60_000) {
      windowStart = now
      sent = 0
    }
    if (++sent > sentPerMinute) return
    const body: ClientErrorBody = {
      url: cut(e.url, clientErrorLimits.url),
      message: cut(e.message || 'Error', clientErrorLimits.message),
      stack: e.stack === undefined ? undefined : cut(e.stack, clientErrorLimits.stack),
      source: e.source,
    }
    http.post(`${apiBase}/Log/ClientError`, { json: body }).catch(() => {})
  })
  return () => setErrorSink(undefined)
}
