import type { FastifyRequest } from 'fastify'
import { historyViaHeader, type HistoryHow } from '#shared/contract/history'

/**
 * How a write arrived: `offline` when the staff app's outbox replays a write made offline (it
 * sends `x-forgeline-via: offline`); `screen` for any other request a browser page of this site
 * made (browsers add `Sec-Fetch-Site: same-origin` themselves, so the app sends nothing more);
 * anything else (a script or another client of the API) is `api`.
 */
export function howOf(req: FastifyRequest): HistoryHow {
  const first = (name: string) => {
    const raw = req.headers[name]
    return Array.isArray(raw) ? raw[0] : raw
  }
  if (first(historyViaHeader) === 'offline') return 'offline'
  return first('sec-fetch-site') === 'same-origin' ? 'screen' : 'api'
}
