import type { Database as SqliteFile } from 'better-sqlite3'
import type { DatabaseConnection, Dialect as KyselyDialect, Driver } from 'kysely'

/**
 * The embedded database answers synchronously and Kysely's awaits resolve as microtasks, so a
 * long transaction (an import of 10,000 rows: about 4 s here) never gives the event loop a turn:
 * `/healthz` and every other request waited for it (bench:import). Inside a transaction
 * a query now first lets the loop turn when the database work of this turn has held it for
 * `limitMs`. That is safe there: the transaction holds Kysely's connection mutex, so other
 * requests' queries wait for it and see nothing uncommitted; they only get to run what needs no
 * database (health checks, cached reads, static files). Outside a transaction nothing changes: a
 * chain of single statements keeps running in one turn, as before.
 */
let turnStart: number | undefined
const loopTurned = () => {
  turnStart = undefined
}

/** Pages a long write transaction keeps in memory (KiB): the rest go to the WAL as it runs. */
export const longTransactionCacheKiB = 1024

/**
 * A transaction long enough to give the loop a turn writes its changed pages to the WAL as it
 * goes: its connection's page cache shrinks to `longTransactionCacheKiB` until it ends (SQLite
 * writes pages out when the cache is full). With the default cache (16 MB) the 3,500 pages an
 * import of 10,000 rows changes were all written by its COMMIT, 80-110 ms on the event loop;
 * spilled along the way they cost about as much, spread over the transaction's turns. Restored
 * when the transaction ends (reads outside long transactions keep the large cache).
 */
function spillAsItGoes(file: SqliteFile, cacheKiB: number) {
  let normal: number | undefined
  return {
    long() {
      if (normal !== undefined) return
      normal = Number(file.pragma('cache_size', { simple: true }))
      file.pragma(`cache_size = -${cacheKiB}`)
    },
    ended() {
      if (normal === undefined || file.inTransaction) return
      file.pragma(`cache_size = ${normal}`)
      normal = undefined
    },
  }
}

async function yieldWhenBusy(limitMs: number, spill: ReturnType<typeof spillAsItGoes>) {
  const now = performance.now()
  if (turnStart === undefined) {
    turnStart = now
    setImmediate(loopTurned)
    return
  }
  if (now - turnStart < limitMs) return
  spill.long()
  // loopTurned runs first (queued earlier), then this continues in a new turn
  await new Promise<void>((resolve) => setImmediate(resolve))
}

/** What the dialect asks of the checkpointer (wal-checkpointer.ts) to keep the WAL bounded. */
export type WalGuard = { overLimit: () => boolean; truncate: () => Promise<boolean> }

/** A statement that may write: a transaction's start or a write on its own (reads never grow the WAL). */
const writes = /^\s*(begin|insert|update|delete|replace|with|create|drop|alter)\b/i

/**
 * Before a statement that may write outside a transaction (a BEGIN included): if the WAL has passed its bound,
 * wait for a checkpoint that empties it. A reader that kept it (the checkpoint gave up) is
 * given a second before the next try, so writes go on meanwhile.
 */
function boundedWal(guard: WalGuard | undefined) {
  let retryAt = 0
  let running: Promise<boolean> | undefined
  return async (text: string) => {
    if (!guard || !writes.test(text) || performance.now() < retryAt || !guard.overLimit()) return
    running ??= guard.truncate().finally(() => (running = undefined))
    if (!(await running)) retryAt = performance.now() + 1000
  }
}

/**
 * The SQLite dialect whose transactions let the event loop turn every `limitMs` of work, whose
 * writer waits for the WAL to be emptied once it passes its bound (`wal`), and whose ROLLBACK
 * is skipped when SQLite already rolled the transaction back itself: after SQLITE_FULL (disk
 * full) or an I/O error SQLite may end the transaction on its own, and Kysely's ROLLBACK then
 * failed with "cannot rollback - no transaction is active", hiding the cause (a disk full was
 * logged as a flood of those).
 */
export function yieldingSqliteDialect(
  dialect: KyselyDialect,
  file: SqliteFile,
  limitMs = 10,
  wal?: WalGuard,
  /**
   * a long transaction's page cache (KiB). A small one spills early and writes a page to the
   * WAL each time it is changed again: a script filling the database (seed:large) passes a
   * large one (fewer, larger commits on its event loop, a WAL several times smaller)
   */
  transactionCacheKiB = longTransactionCacheKiB,
): KyselyDialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver(): Driver {
      const driver = dialect.createDriver()
      const spill = spillAsItGoes(file, transactionCacheKiB)
      const bound = boundedWal(wal)
      const wrap = (connection: DatabaseConnection): DatabaseConnection => ({
        async executeQuery(query) {
          if (file.inTransaction) await yieldWhenBusy(limitMs, spill)
          else await bound(query.sql)
          try {
            return await connection.executeQuery(query)
          } finally {
            spill.ended()
          }
        },
        streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
      })
      return new Proxy(driver, {
        get(target, prop) {
          if (prop === 'acquireConnection')
            return async () => wrap(await target.acquireConnection())
          if (prop === 'rollbackTransaction')
            return async (connection: DatabaseConnection, settings: unknown) => {
              if (!file.inTransaction) return
              await (target.rollbackTransaction as (c: unknown, s: unknown) => Promise<void>)(
                connection,
                settings,
              )
            }
          const value: unknown = Reflect.get(target, prop, target)
          return typeof value === 'function'
            ? (value as (...a: unknown[]) => unknown).bind(target)
            : value
        },
      })
    },
  }
}
