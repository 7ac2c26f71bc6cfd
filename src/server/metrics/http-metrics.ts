import type { FastifyInstance } from 'fastify'
import type { Metrics } from './metrics.ts'

/**
 * Counts every answered request by its route pattern (`/api/Order/GetList`, `/uploads/*`; a path
 * no route matched is `unmatched`, so scanners cannot grow the label set) and status, with its
 * duration; a 429 also counts as a rate-limit refusal.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (req, reply) => {
    const status = reply.statusCode
    const labels = {
      method: req.method,
      route: req.routeOptions.url ?? 'unmatched',
      status: String(status),
    }
    metrics.requests.inc(labels)
    metrics.requestSeconds.observe(labels, reply.elapsedTime / 1000)
    if (status === 429) metrics.rateLimited.inc({ kind: 'http' })
  })
}
