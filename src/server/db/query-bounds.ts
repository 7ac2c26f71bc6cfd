import { AsyncLocalStorage } from 'node:async_hooks'
import type pg from 'pg'

/**
 * The longest wait for one PostgreSQL answer, per call. A host that hangs (a network partition,
 * a frozen VM, packets dropped) keeps the socket open and never answers: without a bound a
 * query waits forever, its request never answers and its pooled client is never freed. Every
 * query of a pooled client (boundClient) gets a timer; when it fires, the caller gets
 * `QueryTimeout` (a 503 "the database cannot be reached", faults.ts) and the connection is
 * destroyed, so the pool opens a fresh one instead of handing out a client still waiting for
 * an answer that may never come. The server side cancels the statement too (statement_timeout,
 * pg-options.ts) and rolls back a transaction whose client vanished.
 */

/** limit (ms) for the queries run inside `run`; 0: none (see `unboundedQueries`) */
const scope = new AsyncLocalStorage<number>()

/**
 * Runs `fn` with its PostgreSQL queries unbounded (client side): migrations and other long
 * operations a person starts and waits for. (Their transactions also lift the server's
 * statement_timeout: `set local statement_timeout = 0`.)
 */
export const unboundedQueries = <T>(fn: () => Promise<T>): Promise<T> => scope.run(0, fn)

/** Runs `fn` with its queries bounded by `ms` instead of the pool's bound (the readiness ping). */
export const boundedQueries = <T>(ms: number, fn: () => Promise<T>): Promise<T> => scope.run(ms, fn)

/** The error of a query that got no answer in time: the database counts as unreachable. */
export class QueryTimeout extends Error {
  /** a socket code, so every check of "unreachable" (faults.ts) knows it */
  readonly code = 'ETIMEDOUT'
  constructor(readonly ms: number) {
    super(`Query read timeout: PostgreSQL did not answer within ${ms} ms`)
    this.name = 'QueryTimeout'
  }
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown
type Internals = { connection?: { stream?: { destroy: () => void } } }

/** Ends a client's connection at once (no goodbye to a server that does not answer). */
export function destroyConnection(client: pg.ClientBase) {
  ;(client as unknown as Internals).connection?.stream?.destroy()
}

const timedOut = new WeakSet<pg.ClientBase>()

/** Whether a query of this client timed out (its connection is gone: never pool it again). */
export const hasTimedOut = (client: pg.ClientBase) => timedOut.has(client)

/**
 * Bounds every promise-returning query of `client` by `defaultMs` (or the calling scope's
 * limit). On a timeout the query rejects with QueryTimeout and the connection is destroyed.
 */
export function boundClient(client: pg.ClientBase, defaultMs: number) {
  const query = client.query.bind(client) as Query
  ;(client as unknown as { query: Query }).query = (config, values, callback) => {
    const ms = scope.getStore() ?? defaultMs
    const run = query(config, values, callback)
    if (!ms || !(run instanceof Promise)) return run
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        timedOut.add(client)
        reject(new QueryTimeout(ms))
        destroyConnection(client)
      }, ms)
      run.then(
        (value) => {
          clearTimeout(timer)
          resolve(value)
        },
        (err: unknown) => {
          clearTimeout(timer)
          reject(err)
        },
      )
    })
  }
}
