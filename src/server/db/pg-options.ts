import type pg from 'pg'
import { defaultDatabaseTimeouts, type DatabaseTimeouts } from '../config-database.ts'

/** How long a socket may stay silent before TCP starts probing it (ms; both ends). */
export const keepAliveIdleMs = 10_000

/**
 * A session left inside a transaction this long without a statement is ended by PostgreSQL
 * (its transaction rolls back, its locks are freed): what a client that vanished mid-transaction
 * (timed out, partitioned away) leaves behind. At least a minute, twice the query bound past it;
 * none without a query bound.
 */
export const idleInTransactionMs = (t: DatabaseTimeouts) =>
  t.queryMs && Math.max(60_000, 2 * t.queryMs)

/**
 * The pool's options: a bounded connect (DATABASE_CONNECT_TIMEOUT_SECONDS, also the longest wait
 * for a free client of a full pool), TCP keepalive on every socket, and on the server side a
 * statement bound equal to the client's query bound (DATABASE_QUERY_TIMEOUT_SECONDS; the client
 * side is query-bounds.ts), the idle-in-transaction bound, and the server's own keepalive
 * probes, so a backend whose client is gone is ended within about a minute.
 */
export function pgPoolOptions(
  url: string,
  poolSize: number,
  timeouts: DatabaseTimeouts = defaultDatabaseTimeouts,
): pg.PoolConfig {
  const idle = Math.round(keepAliveIdleMs / 1000)
  return {
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: keepAliveIdleMs,
    statement_timeout: timeouts.queryMs,
    idle_in_transaction_session_timeout: idleInTransactionMs(timeouts),
    // every read is a page or a capped count: parallel workers (a process each) cost more to
    // start than they save and take the cores other requests need
    options: `-c max_parallel_workers_per_gather=0 -c tcp_keepalives_idle=${idle} -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3`,
  }
}
