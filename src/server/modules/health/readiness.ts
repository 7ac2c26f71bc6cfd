import type { FastifyInstance } from 'fastify'
import type { FaultCause } from '#shared/contract/faults'

/** `/readyz` waits at most this long for the database (not the pool's 5 s connect timeout). */
export const readyTimeoutMs = 1500

export type ReadinessResult = { ready: boolean; dbUp: boolean; cause?: FaultCause }

/**
 * The readiness check of one app: its database answers a ping within `readyTimeoutMs`, its
 * storage takes writes (db-state.ts) and it is not draining. One ping at a time: probes that
 * arrive while one runs share it. The first failure after success (and the first success after
 * failure) is logged, once.
 */
export function readinessCheck(app: FastifyInstance, isDraining: () => boolean) {
  let inFlight: Promise<boolean> | undefined
  const ping = () =>
    (inFlight ??= (async () => {
      const { db } = app.deps
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), readyTimeoutMs)
      })
      const answered = db.ping().then(
        () => true,
        () => false,
      )
      const up = await Promise.race([answered, late])
      clearTimeout(timer)
      if (up && db.state.noteReachable()) app.log.warn('the database answers again')
      if (!up && db.state.noteUnreachable())
        app.log.error(`the database cannot be reached (no answer within ${readyTimeoutMs} ms)`)
      return up
    })().finally(() => (inFlight = undefined)))

  return async (): Promise<ReadinessResult> => {
    const dbUp = await ping()
    if (isDraining()) return { ready: false, dbUp, cause: 'draining' }
    if (!dbUp) return { ready: false, dbUp, cause: 'database' }
    if (await app.deps.db.state.storageFull()) return { ready: false, dbUp, cause: 'storage' }
    return { ready: true, dbUp }
  }
}

/**
 * While the database is seen as down, pings it every `everyMs` so the instance notices (and
 * logs) its return by itself, whether or not a balancer asks `/readyz`. Stops with the app.
 */
export function watchDatabaseReturn(
  app: FastifyInstance,
  check: () => Promise<unknown>,
  everyMs = 2000,
) {
  const timer = setInterval(() => {
    if (!app.deps.db.state.up) void check().catch(() => {})
  }, everyMs)
  timer.unref()
  app.addHook('onClose', async () => clearInterval(timer))
}
