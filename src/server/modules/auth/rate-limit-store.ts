import type { LimiterStore } from './limiter-store.ts'

type Incremented = { current: number; ttl: number }
type RouteOptions = { timeWindow?: unknown; routeInfo?: { method?: unknown; url?: unknown } }

/**
 * A store for @fastify/rate-limit (its `store` option: a class with `incr` and `child`) over
 * the limiter store, so `config.rateLimit` on routes (register, visitor and supplier forms,
 * translation) counts across instances on PostgreSQL. Like the plugin's own store, each
 * route counts separately.
 */
export function rateLimitStore(store: LimiterStore) {
  return class SharedRateLimitStore {
    private readonly prefix: string
    private readonly windowMs: number

    /** The plugin constructs the root store with its options; children get a route prefix. */
    constructor(prefix?: unknown, windowMs = 60_000) {
      this.prefix = typeof prefix === 'string' ? prefix : 'route:'
      this.windowMs = windowMs
    }

    /** The plugin passes the route's window (ms) as the third argument. */
    incr(
      key: string,
      done: (err: Error | null, result?: Incremented) => void,
      timeWindow?: number,
    ) {
      store.hit(`${this.prefix}${key}`, timeWindow ?? this.windowMs).then(
        (r) => done(null, { current: r.count, ttl: r.ttlMs }),
        (e: unknown) => done(e instanceof Error ? e : new Error(String(e))),
      )
    }

    /** Called with the route's merged rate-limit options (typed by the plugin as route options). */
    child(options: object) {
      const route = options as RouteOptions
      const method = String(route.routeInfo?.method ?? '')
      const url = String(route.routeInfo?.url ?? '')
      const windowMs = typeof route.timeWindow === 'number' ? route.timeWindow : this.windowMs
      return new SharedRateLimitStore(`route:${method}${url}:`, windowMs)
    }
  }
}
