import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { faultEnvelope, type FaultEnvelope } from '#shared/contract/faults'
import { healthEnvelope } from '#shared/contract/system'
import type { AppDeps } from '../../app-deps.ts'
import { requestLang, t } from '../../i18n.ts'
import { readinessCheck, watchDatabaseReturn } from './readiness.ts'

/** Apps (by their deps, shared by every plugin scope) that are shutting down. */
const draining = new WeakSet<AppDeps>()

/**
 * Marks the app as shutting down: `/readyz` answers 503 from now on, so a load balancer
 * stops sending it new requests while in-flight ones finish.
 */
export function startDraining(app: FastifyInstance) {
  draining.add(app.deps)
}

const causeMessage = {
  database: 'databaseUnavailable',
  storage: 'storageFull',
  draining: 'unavailable',
} as const

/**
 * `GET /healthz`: liveness for a monitor (the process is alive and answers HTTP); it never asks
 * the database, so an outage of the database does not make a supervisor restart instances.
 * `GET /readyz`: readiness for a load balancer: 200 when the database answers within 1.5 s, the
 * storage takes writes and the instance is not draining; else 503 with the `cause`
 * (`database`, `storage`, `draining`) and a translated message.
 */
export async function healthRoutes(app: FastifyInstance) {
  const readiness = readinessCheck(app, () => draining.has(app.deps))
  app.metrics.faults.watchReadiness(readiness)
  watchDatabaseReturn(app, readiness)
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (no database check)',
        response: { 200: healthEnvelope },
      },
    },
    async () => {
      const { db, config } = app.deps
      return {
        code: Code.ok,
        msg: 'ok',
        data: { status: 'ok' as const, database: db.dialect, version: config.version },
      }
    },
  )
  api.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary:
          'Readiness for a load balancer: 503 while the database cannot be reached, the storage is full or the instance drains',
        response: { 200: healthEnvelope, 503: faultEnvelope },
      },
    },
    async (req, reply) => {
      const r = await readiness()
      const { db, config } = app.deps
      if (r.ready || !r.cause)
        return {
          code: Code.ok,
          msg: 'ok',
          data: { status: 'ok' as const, database: db.dialect, version: config.version },
        }
      const body: FaultEnvelope = {
        code: Code.unavailable,
        msg: t(causeMessage[r.cause], requestLang(req)),
        data: null,
        cause: r.cause,
      }
      return reply.status(503).send(body)
    },
  )
}
