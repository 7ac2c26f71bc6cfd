import type { DatabaseConnection, Dialect as KyselyDialect, Driver } from 'kysely'

/**
 * What the metrics endpoint reports about the database connections of this process:
 * connections in use, callers waiting for one, and every query's duration. Counted around the
 * dialect's driver, so SQLite (one connection behind Kysely's mutex) and PostgreSQL (a pool of
 * `size`) report the same figures; two integer updates per connection use.
 */
export type DbUsage = {
  /** connections handed out and not yet given back */
  inUse: number
  /** callers waiting for a connection */
  waiting: number
  /** connections the pool holds now (PostgreSQL: open clients; SQLite: 1) */
  size: () => number
  /** the pool's largest size (PostgreSQL: the pool's max; SQLite: 1) */
  max: number
}

/** Called with each query's duration in milliseconds and whether it succeeded (Kysely's log). */
export type QueryObserver = (ms: number, ok: boolean) => void

/** The dialect with its driver counted into `usage`. */
export function countedDialect(dialect: KyselyDialect, usage: DbUsage): KyselyDialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver(): Driver {
      const driver = dialect.createDriver()
      const acquire = async (): Promise<DatabaseConnection> => {
        usage.waiting++
        try {
          const connection = await driver.acquireConnection()
          usage.inUse++
          return connection
        } finally {
          usage.waiting--
        }
      }
      const release = (connection: DatabaseConnection) => {
        usage.inUse--
        return driver.releaseConnection(connection)
      }
      // every other method (transactions, savepoints, init, destroy) is the driver's own
      return new Proxy(driver, {
        get(target, prop) {
          if (prop === 'acquireConnection') return acquire
          if (prop === 'releaseConnection') return release
          const value: unknown = Reflect.get(target, prop, target)
          return typeof value === 'function'
            ? (value as (...a: unknown[]) => unknown).bind(target)
            : value
        },
      })
    },
  }
}

/** Kysely's `log` option that hands each query's duration to `observe` (nothing when unset). */
export function queryLog(observe: QueryObserver | undefined) {
  if (!observe) return undefined
  return (event: { level: 'query' | 'error'; queryDurationMillis: number }) =>
    observe(event.queryDurationMillis, event.level === 'query')
}
