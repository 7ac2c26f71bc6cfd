import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { DbUsage } from '../db/usage.ts'
import { backupAgeGauge } from './backup-age.ts'
import { createFaultMetrics } from './fault-metrics.ts'

/**
 * prom-client's default gauges named like counters (`promtool check metrics` refuses a gauge
 * ending in `_total`); the same figures stay, by type, in `nodejs_active_handles`,
 * `nodejs_active_requests` and `nodejs_active_resources` (sum them for the totals).
 */
const misnamedDefaults = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
]

/**
 * The Prometheus figures of one server, in a registry of its own (tests build several apps in
 * one process). Served on METRICS_PORT (metrics-server.ts), never on the public port.
 * Updating them costs a few additions per request; Node's own figures (event-loop lag, heap,
 * RSS, GC) are collected only when `process` is set, which start.ts does when METRICS_PORT is;
 * the age of the newest backup only when `backupDir` (BACKUP_DIR) is set.
 */
export function createMetrics({
  process: withProcess = false,
  backupDir = null,
}: { process?: boolean; backupDir?: string | null } = {}) {
  const registry = new Registry()
  if (withProcess) {
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 })
    for (const name of misnamedDefaults) registry.removeSingleMetric(name)
  }
  if (backupDir) backupAgeGauge(registry, backupDir)
  const registers = [registry]

  let usage: DbUsage | undefined
  let sockets = () => 0
  const metrics = {
    registry,
    /** database up, ready, storage-full refusals (fault-metrics.ts) */
    faults: createFaultMetrics(registers),
    requests: new Counter({
      name: 'forgeline_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    requestSeconds: new Histogram({
      name: 'forgeline_http_request_duration_seconds',
      help: 'Time from a request arriving to its response being sent, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    querySeconds: new Histogram({
      name: 'forgeline_db_query_duration_seconds',
      help: 'Database query time, by outcome (ok or error)',
      labelNames: ['outcome'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers,
    }),
    rateLimited: new Counter({
      name: 'forgeline_rate_limit_refusals_total',
      help: 'Requests refused by a rate or connection limit (HTTP 429, websocket close 4429), by kind',
      labelNames: ['kind'] as const,
      registers,
    }),
    noticesPushed: new Counter({
      name: 'forgeline_notices_pushed_total',
      help: 'Notice messages sent to websockets of this instance',
      registers,
    }),
    transferSeconds: new Histogram({
      name: 'forgeline_grid_transfer_duration_seconds',
      help: 'Spreadsheet imports and exports: time from request to the last byte (export) or the answer (import), by direction, grid and outcome',
      labelNames: ['direction', 'grid', 'outcome'] as const,
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers,
    }),
    /** The database whose connections the pool figures describe. */
    watchDb(u: DbUsage) {
      usage = u
    },
    /** How many websockets are open (the realtime hub). */
    watchSockets(count: () => number) {
      sockets = count
    },
    /** Kysely's query log (db/usage.ts): milliseconds and whether it succeeded. */
    observeQuery: (ms: number, ok: boolean) =>
      metrics.querySeconds.observe({ outcome: ok ? 'ok' : 'error' }, ms / 1000),
  }
  new Gauge({
    name: 'forgeline_db_connections',
    help: 'Database connections: in_use, waiting (callers queued for one), open and max',
    labelNames: ['state'] as const,
    registers,
    collect() {
      if (!usage) return
      this.set({ state: 'in_use' }, usage.inUse)
      this.set({ state: 'waiting' }, usage.waiting)
      this.set({ state: 'open' }, usage.size())
      this.set({ state: 'max' }, usage.max)
    },
  })
  new Gauge({
    name: 'forgeline_websockets_open',
    help: 'Websockets open on this instance',
    registers,
    collect() {
      this.set(sockets())
    },
  })
  return metrics
}

export type Metrics = ReturnType<typeof createMetrics>
