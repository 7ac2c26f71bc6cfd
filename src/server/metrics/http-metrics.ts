import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Metrics } from './metrics.ts'
import { pageRouteOf } from './page-routes.ts'

/** The `route` label: the route pattern, else the client page a GET names, else `unmatched`. */
function routeLabel(req: FastifyRequest): string {
  const route = req.routeOptions.url
  if (route !== undefined) return route
  const page = req.method === 'GET' || req.method === 'HEAD' ? pageRouteOf(req.url) : undefined
  return page ?? 'unmatched'
}

/**
 * Counts every answered request by its route pattern (`/api/Order/GetList`, `/uploads/*`; a page
 * of the web client by its path, `/products`; a path neither a route nor a page is `unmatched`,
 * so scanners cannot grow the label set) and status, with its duration; a 429 also counts as a
 * rate-limit refusal.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (req, reply) => {
    const status = reply.statusCode
    const labels = {
      method: req.method,
      route: routeLabel(req),
      status: String(status),
    }
    metrics.requests.inc(labels)
    metrics.requestSeconds.observe(labels, reply.elapsedTime / 1000)
    if (status === 429) metrics.rateLimited.inc({ kind: 'http' })
  })
}
