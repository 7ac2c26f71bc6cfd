import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { healthEnvelope } from '#shared/contract/system'
import type { AppDeps } from '../../app-deps.ts'
import { AppError } from '../../errors.ts'

/** Apps (by their deps, shared by every plugin scope) that are shutting down. */
const draining = new WeakSet<AppDeps>()

/**
 * Marks the app as shutting down: `/readyz` answers 503 from now on, so a load balancer
 * stops sending it new requests while in-flight ones finish.
 */
export function startDraining(app: FastifyInstance) {
  draining.add(app.deps)
}

/**
 * `GET /healthz`: 200 when the database answers (migrations ran before the server listened); on
 * SQLite from a read-only connection, so it answers while a write transaction runs.
 * `GET /readyz`: the same, and 503 once the instance is draining (SIGTERM), for a balancer's
 * health check.
 */
export async function healthRoutes(app: FastifyInstance) {
  const answer = async () => {
    const { db, config } = app.deps
    try {
      await db.ping()
    } catch {
      throw new AppError(Code.unavailable, 'unavailable')
    }
    return {
      code: Code.ok,
      msg: 'ok',
      data: { status: 'ok' as const, database: db.dialect, version: config.version },
    }
  }
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        summary: 'Health: the database answers',
        response: { 200: healthEnvelope },
      },
    },
    answer,
  )
  api.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness for a load balancer: 503 while draining',
        response: { 200: healthEnvelope },
      },
    },
    async () => {
      if (draining.has(app.deps)) throw new AppError(Code.unavailable, 'unavailable')
      return answer()
    },
  )
}
