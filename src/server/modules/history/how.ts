import type { FastifyRequest } from 'fastify'
import { historyViaHeader, type HistoryHow } from '#shared/contract/history'

/**
 * How a write arrived: the staff client sends `x-forgeline-via: screen`, or `offline` when its
 * outbox replays a write made offline; anything else (another client of the API) is `api`.
 */
export function howOf(req: FastifyRequest): HistoryHow {
  const raw = req.headers[historyViaHeader]
  const via = Array.isArray(raw) ? raw[0] : raw
  return via === 'screen' || via === 'offline' ? via : 'api'
}
