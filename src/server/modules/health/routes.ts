import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { sql } from 'kysely'
import { Code } from '#shared/contract/codes'
import { healthEnvelope } from '#shared/contract/system'
import { AppError } from '../../errors.ts'

/** `GET /healthz`: 200 when the database answers (migrations ran before the server listened). */
export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/healthz',
    { schema: { tags: ['system'], summary: 'Readiness', response: { 200: healthEnvelope } } },
    async () => {
      const { db, config } = app.deps
      try {
        await sql`select 1`.execute(db.db)
      } catch {
        throw new AppError(Code.unavailable, 'unavailable')
      }
      return {
        code: Code.ok,
        msg: 'ok',
        data: { status: 'ok' as const, database: db.dialect, version: config.version },
      }
    },
  )
}
