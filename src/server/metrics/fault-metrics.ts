import { Counter, Gauge, type Registry } from 'prom-client'

/** What the readiness check found (modules/health): the database answered, the instance is ready. */
export type Readiness = { dbUp: boolean; ready: boolean }

/**
 * The figures the operations guide's alerts use (docs/operations.md "When something breaks"):
 * `forgeline_db_up` and `forgeline_ready` (0 or 1, worked out at each scrape by the same check
 * as `/readyz`), and `forgeline_storage_full_refusals_total` (writes answered 507).
 */
export function createFaultMetrics(registers: Registry[]) {
  let probe: (() => Promise<Readiness>) | undefined
  let last: Promise<Readiness> | undefined
  // one check serves both gauges of a scrape
  const check = () => {
    if (!probe) return Promise.resolve(undefined)
    last ??= probe().finally(() => setTimeout(() => (last = undefined), 100).unref())
    return last
  }
  new Gauge({
    name: 'forgeline_db_up',
    help: 'Whether the database answered the readiness check (1) or could not be reached (0)',
    registers,
    async collect() {
      const r = await check()
      if (r) this.set(r.dbUp ? 1 : 0)
    },
  })
  new Gauge({
    name: 'forgeline_ready',
    help: 'Whether /readyz answers 200 (1) or 503 (0: database unreachable, storage full or draining)',
    registers,
    async collect() {
      const r = await check()
      if (r) this.set(r.ready ? 1 : 0)
    },
  })
  return {
    storageFullRefusals: new Counter({
      name: 'forgeline_storage_full_refusals_total',
      help: 'Writes refused with HTTP 507 because the storage was full',
      registers,
    }),
    /** The readiness check the gauges run at each scrape (the health routes set it). */
    watchReadiness(p: () => Promise<Readiness>) {
      probe = p
    },
  }
}

export type FaultMetrics = ReturnType<typeof createFaultMetrics>
