import path from 'node:path'
import type { Database as SqliteFile } from 'better-sqlite3'
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely'
import { SignInCache } from '../modules/auth/sign-in-cache.ts'
import type { Dialect } from './migrations/column-types.ts'
import { defaultDatabaseTimeouts, type DatabaseTimeouts } from '../config-database.ts'
import { pgPoolOptions } from './pg-options.ts'
import { preparingPool } from './prepared-pool.ts'
import { boundedQueries } from './query-bounds.ts'
import { ReadCache } from './read-cache.ts'
import { sqliteReader } from './sqlite-reader.ts'
import type { Database } from './schema.ts'
import { createDbState, type DbState } from './db-state.ts'
import { countedDialect, queryLog, type DbUsage, type QueryObserver } from './usage.ts'
import { defaultWalMaxBytes, walCheckpointer } from './wal-checkpointer.ts'
import { yieldingSqliteDialect } from './yielding-sqlite.ts'

export type Db = {
  db: Kysely<Database>
  dialect: Dialect
  /** reads kept until a write to their tables (embedded database only; see ReadCache) */
  reads: ReadCache
  /** the sign-in state of recent tokens (live on PostgreSQL only while LISTEN is up; see SignInCache) */
  signIns: SignInCache
  /** connections in use and waited for (the metrics endpoint reads it) */
  usage: DbUsage
  /** reads from the database for `/readyz`, without waiting for a write transaction */
  ping: () => Promise<void>
  /** whether the database was reachable and the storage had room, as last seen (db-state.ts) */
  state: DbState
  close: () => Promise<void>
}

export const sqliteFileName = 'forgeline.db'

/** Compiled statements kept per SQL text; Kysely's driver calls prepare() for every query. */
const statementCacheSize = 500

/**
 * Keeps the compiled statements of the last `size` distinct SQL texts, so a query that runs
 * again (every list call, every session check) skips SQLite's compiler. Statements stay valid
 * across schema changes (SQLite recompiles them itself); one connection runs one query at a
 * time (Kysely's mutex), so a statement is never used twice at once.
 */
function cacheStatements(file: SqliteFile, size: number) {
  const compile = file.prepare.bind(file)
  const cache = new Map<string, ReturnType<typeof compile>>()
  file.prepare = ((source: string) => {
    let stmt = cache.get(source)
    if (stmt) {
      cache.delete(source)
    } else {
      stmt = compile(source)
      if (cache.size >= size) cache.delete(cache.keys().next().value!)
    }
    cache.set(source, stmt)
    return stmt
  }) as typeof file.prepare
}

/**
 * Opens the embedded SQLite database in dataDir (WAL, foreign keys on). `readCache` false
 * turns the read cache off (READ_CACHE=false), to rule it out or to measure without it.
 *
 * Durability (SQLITE_SYNCHRONOUS): in WAL mode every commit is in the WAL file before the
 * answer leaves, so an acknowledged write survives the process being killed (kill -9, crash,
 * OOM) with either setting. `full` (the default) also syncs the WAL to disk on every commit, so
 * it survives a power cut or kernel crash too (if the disk honours flushes), at about one disk
 * flush per write; `normal` syncs only at checkpoints: a power cut may lose the last commits
 * (never corrupts the file).
 */
export async function openSqlite(
  dataDir: string,
  {
    readCache = true,
    synchronous = 'full',
    onQuery,
    walMaxBytes = defaultWalMaxBytes,
    transactionCacheKiB,
  }: {
    readCache?: boolean
    synchronous?: 'full' | 'normal'
    /** each query's duration (metrics) */ onQuery?: QueryObserver
    /** past this WAL size the writer waits for a checkpoint that empties it (SQLITE_WAL_MAX_MB) */
    walMaxBytes?: number
    /** a long transaction's page cache (KiB; yielding-sqlite.ts): scripts that fill the database */
    transactionCacheKiB?: number
  } = {},
): Promise<Db> {
  const { default: SQLite } = await import('better-sqlite3')
  const file = new SQLite(path.join(dataDir, sqliteFileName))
  file.pragma('journal_mode = WAL')
  file.pragma('foreign_keys = ON')
  file.pragma('busy_timeout = 5000')
  file.pragma(`synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}`)
  // statement journals (a multi-row insert's undo within a transaction) in memory: on disk they
  // were 490,000 small writes to a temporary file for an import of 10,000 rows
  file.pragma('temp_store = MEMORY')
  const checkpoints = walCheckpointer(file, { maxWalBytes: walMaxBytes })
  cacheStatements(file, statementCacheSize)
  const reads = new ReadCache(readCache, undefined, undefined, () => file.inTransaction)
  const usage: DbUsage = { inUse: 0, waiting: 0, size: () => 1, max: 1 }
  // one process writes: the sign-in cache is emptied in process by its plugin
  const signIns = new SignInCache(true, undefined, undefined, () => file.inTransaction)
  const db = new Kysely<Database>({
    dialect: countedDialect(
      yieldingSqliteDialect(
        new SqliteDialect({ database: file }),
        file,
        undefined,
        checkpoints,
        transactionCacheKiB,
      ),
      usage,
    ),
    plugins: [reads.plugin, signIns.plugin],
    log: queryLog(onQuery),
  })
  const reader = sqliteReader(SQLite, path.join(dataDir, sqliteFileName))
  return {
    db,
    dialect: 'sqlite',
    reads,
    signIns,
    usage,
    ping: async () => reader.ping(),
    state: createDbState(dataDir),
    close: async () => {
      reader.close()
      await checkpoints.close()
      await db.destroy()
    },
  }
}

/**
 * The client waits this much longer than the server's statement_timeout: a slow statement on a
 * sound network is cancelled by the server (its error, the connection kept), and only silence
 * (a host that hangs) runs into the client's bound, which destroys the connection.
 */
export const answerGraceMs = 1000

/** The readiness ping's own bound (ms): `/readyz` gives up at 1.5 s; its client goes soon after. */
const pingTimeoutMs = 1500

/**
 * Connects to PostgreSQL and checks the connection works before returning. `poolSize`
 * (DATABASE_POOL_SIZE) is the most connections this instance opens; `timeouts`
 * (DATABASE_QUERY_TIMEOUT_SECONDS, DATABASE_CONNECT_TIMEOUT_SECONDS) bound every round trip, so
 * a host that hangs makes calls fail (503) instead of waiting forever (pg-options.ts,
 * query-bounds.ts; migrations lift the bound with `unboundedQueries`).
 */
export async function openPostgres(
  url: string,
  {
    poolSize = 10,
    onQuery,
    timeouts = defaultDatabaseTimeouts,
  }: { poolSize?: number; onQuery?: QueryObserver; timeouts?: DatabaseTimeouts } = {},
): Promise<Db> {
  const pg = await import('pg')
  // int8 (count) and numeric come back as strings by default; they fit in a JS number here.
  pg.default.types.setTypeParser(20, (v: string) => Number(v))
  pg.default.types.setTypeParser(1700, (v: string) => Number(v))
  const pool = new pg.default.Pool(pgPoolOptions(url, poolSize, timeouts))
  const state = createDbState()
  // A client that loses its connection emits 'error', and an 'error' nobody listens to ends
  // the process: the pool listens only while a client is idle, so a connection lost while a
  // client was checked out (a query or a transaction running when PostgreSQL stopped) killed
  // the instance. Every client gets its own listener for its whole life; the query in flight
  // fails on its own (a 503 for the caller) and the pool drops the broken client on release.
  // (the state and the log learn of an outage from the next query or /readyz, once: health module)
  pool.on('connect', (client) => {
    client.on('error', () => {})
  })
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  })
  try {
    const client = await pool.connect()
    client.release()
  } catch (e) {
    await pool.end().catch(() => {})
    throw e
  }
  const usage: DbUsage = { inUse: 0, waiting: 0, size: () => pool.totalCount, max: poolSize }
  // not live until the realtime bus LISTENs (the other instances' changes reach it there)
  const signIns = new SignInCache(false)
  const db = new Kysely<Database>({
    dialect: countedDialect(
      new PostgresDialect({
        pool: preparingPool(pool, timeouts.queryMs && timeouts.queryMs + answerGraceMs),
      }),
      usage,
    ),
    plugins: [signIns.plugin],
    log: queryLog(onQuery),
  })
  // other instances write to the same database: no whole answers are cached
  return {
    db,
    dialect: 'postgres',
    reads: new ReadCache(false),
    signIns,
    usage,
    ping: () => boundedQueries(pingTimeoutMs, async () => void (await sql`select 1`.execute(db))),
    state,
    close: () => db.destroy(),
  }
}
