import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'
import { ConfigError, type Config } from './config.ts'
import { checkDataDir, createDataDir } from './data-dir.ts'
import { acquireLock } from './db/lock.ts'
import { migrateToLatest } from './db/migrate.ts'
import { openPostgres, openSqlite, type Db } from './db/open.ts'
import { openWhenReachable, RetryAborted } from './db/open-retry.ts'
import { seedDatabase } from './db/seed/seed.ts'
import { startPruning } from './maintenance/prune.ts'
import { startParseSupervisor } from './modules/grid-excel/parse-in-worker.ts'
import { startDraining } from './modules/health/routes.ts'
import { createMetrics, type Metrics } from './metrics/metrics.ts'
import { startMetricsServer, type MetricsServer } from './metrics/metrics-server.ts'

export type Running = {
  app: FastifyInstance
  db: Db
  stop: () => Promise<void>
  /** wait before closing on stop */
  drainMs: number
  /** the Prometheus endpoint's port (METRICS_PORT; the one chosen when 0), null when off */
  metricsPort: number | null
}

async function openDatabase(
  config: Config,
  metrics: Metrics | undefined,
  signal?: AbortSignal,
): Promise<{ db: Db; release: () => void }> {
  const onQuery = metrics?.observeQuery
  if (config.databaseUrl) {
    let db: Db
    const url = config.databaseUrl
    const u = new URL(url)
    try {
      // PostgreSQL down: wait for it (one line per attempt) rather than exit (open-retry.ts)
      db = await openWhenReachable(
        () =>
          openPostgres(url, {
            poolSize: config.databasePoolSize,
            onQuery,
            timeouts: config.databaseTimeouts,
          }),
        { where: `${u.hostname}:${u.port || 5432}`, log: (l) => console.error(l), signal },
      )
    } catch (e) {
      if (e instanceof RetryAborted) throw new StartAborted()
      const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message
      throw new ConfigError(
        'DATABASE_URL',
        `cannot connect to PostgreSQL at ${u.hostname}:${u.port || 5432} (${why})`,
      )
    }
    createDataDir(config.dataDir)
    return { db, release: () => {} }
  }
  createDataDir(config.dataDir)
  const release = acquireLock(config.dataDir)
  try {
    return {
      db: await openSqlite(config.dataDir, {
        readCache: config.readCache,
        synchronous: config.sqliteSynchronous,
        onQuery,
        walMaxBytes: config.sqliteWalMaxMb * 1024 * 1024,
      }),
      release,
    }
  } catch (e) {
    release()
    throw e
  }
}

/** The Prometheus endpoint's listener; a port in use or a foreign address is a clear ConfigError. */
async function listenMetrics(
  metrics: Metrics,
  where: { host: string; port: number },
): Promise<MetricsServer> {
  try {
    return await startMetricsServer(metrics.registry, where.host, where.port)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE')
      throw new ConfigError('METRICS_PORT', `${where.port} is already in use on ${where.host}`)
    if (code === 'EADDRNOTAVAIL')
      throw new ConfigError('METRICS_HOST', `${where.host} is not an address of this machine`)
    throw e
  }
}

/** Start-up was stopped by a signal (SIGTERM/SIGINT) between two of its steps. */
export class StartAborted extends Error {
  constructor() {
    super('start-up stopped by a signal')
    this.name = 'StartAborted'
  }
}

/**
 * Opens the database, migrates, seeds an empty one, builds the app and listens.
 * Returns a stop function that lets in-flight requests finish, then closes the database.
 * `signal` (main.ts aborts it on SIGTERM/SIGINT) stops start-up between steps; each migration
 * is its own transaction, so even a kill inside one leaves the database as it was.
 */
export async function start(
  config: Config,
  print: (line: string) => void = console.log,
  signal?: AbortSignal,
): Promise<Running> {
  const step = () => {
    if (signal?.aborted) throw new StartAborted()
  }
  checkDataDir(config.dataDir)
  // METRICS_PORT: Prometheus figures, Node's own included, on a listener of their own
  const metrics = config.metrics
    ? createMetrics({ process: true, backupDir: config.backupDir })
    : undefined
  const { db, release } = await openDatabase(config, metrics, signal)
  let app: FastifyInstance | undefined
  let metricsServer: MetricsServer | undefined
  try {
    step()
    await migrateToLatest(db.db, db.dialect)
    step()
    await seedDatabase(db, config, print)
    step()
    app = await buildApp({ config, db, metrics })
    await app.listen({ port: config.port, host: config.host })
    if (metrics && config.metrics) metricsServer = await listenMetrics(metrics, config.metrics)
    // forks from a small process, not from the server (see parse-supervisor.ts)
    startParseSupervisor()
  } catch (e) {
    await metricsServer?.close()
    await app?.close().catch(() => {})
    await db.close().catch(() => {})
    release()
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new ConfigError('PORT', `${config.port} is already in use on ${config.host}`)
    }
    if ((e as NodeJS.ErrnoException).code === 'EADDRNOTAVAIL') {
      throw new ConfigError('HOST', `${config.host} is not an address of this machine`)
    }
    throw e
  }
  const running = app
  const pruning = startPruning(db.db, config, app.log)
  let stopping: Promise<void> | undefined
  // SIGTERM: /readyz turns 503 at once; after DRAIN_SECONDS (the balancer has noticed) the
  // listener closes, in-flight requests finish and websockets close with 1001 (clients reconnect)
  const stop = () =>
    (stopping ??= (async () => {
      startDraining(running)
      await pruning.stop()
      if (config.drainSeconds > 0)
        await new Promise((r) => setTimeout(r, config.drainSeconds * 1000))
      await running.close()
      await metricsServer?.close()
      await db.close()
      release()
    })())
  return {
    app: running,
    db,
    stop,
    drainMs: config.drainSeconds * 1000,
    metricsPort: metricsServer?.port ?? null,
  }
}
