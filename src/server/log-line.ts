/*
 * The request log as one short line per request (LOG_FORMAT=line, or `auto` on a terminal):
 * `09:14:03 200 GET /api/x 12 ms`. Fastify logs a request twice (incoming, completed); the
 * first is only remembered (by request id) so the second can name the method and URL. Other
 * lines keep their level and message: `09:14:05 WARN message: error text`. The input is pino's
 * JSON line after redaction, so nothing here can reveal what redaction removed.
 */

const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
}
/** Requests seen but not completed yet; the oldest are forgotten past this many (aborted requests). */
const maxPending = 1000

type Entry = {
  level?: number
  time?: number
  msg?: string
  reqId?: string | number
  req?: { method?: string; url?: string }
  res?: { statusCode?: number }
  responseTime?: number
  err?: { type?: string; message?: string }
}

const two = (n: number) => String(n).padStart(2, '0')
const clock = (ms: number | undefined) => {
  const d = new Date(ms ?? Date.now())
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`
}

/** A formatter of pino JSON lines into short lines; returns null for a line that prints nothing. */
export function createLineFormatter(): (json: string) => string | null {
  const pending = new Map<string | number, string>()
  return (json) => {
    let e: Entry
    try {
      e = JSON.parse(json) as Entry
    } catch {
      return json
    }
    const time = clock(e.time)
    if (e.msg === 'incoming request' && e.req && e.reqId !== undefined) {
      pending.set(e.reqId, `${e.req.method ?? '?'} ${e.req.url ?? '?'}`)
      if (pending.size > maxPending) pending.delete(pending.keys().next().value!)
      return null
    }
    if (e.msg === 'request completed' && e.res && e.reqId !== undefined) {
      const what = pending.get(e.reqId) ?? '(request)'
      pending.delete(e.reqId)
      return `${time} ${e.res.statusCode ?? '?'} ${what} ${Math.round(e.responseTime ?? 0)} ms\n`
    }
    const level = levelNames[e.level ?? 30] ?? 'INFO'
    const err = e.err?.message ? `: ${e.err.type ? `${e.err.type} ` : ''}${e.err.message}` : ''
    const where = e.req?.url ? ` (${e.req.method ?? ''} ${e.req.url})` : ''
    return `${time} ${level} ${e.msg ?? ''}${err}${where}\n`
  }
}
