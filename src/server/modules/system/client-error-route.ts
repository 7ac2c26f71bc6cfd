import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { emptyEnvelope } from '#shared/contract/envelope'
import { clientErrorBody, clientErrorsPerMinute } from '#shared/contract/client-error'
import { AppError } from '../../errors.ts'
import { writeLog } from './log-repository.ts'

/**
 * `POST {API_PREFIX}/Log/ClientError` (any signed-in user): an unhandled error of the app (SPEC §8
 * "sent on when the log setting includes production"), stored in the system log with the user
 * and the route, where admins read it (`/system/log`). Bounded by the body schema and per user
 * through the shared limiter store (every instance counts as one).
 */
export async function clientErrorRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/Log/ClientError',
    {
      config: { permission: 'signedIn' },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['system'],
        summary: "An unhandled error of the signed-in user's app, for the system log",
        body: clientErrorBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (req) => {
      const me = req.user!
      const { count } = await app.limits.hit(`client-error:${me.id}`, 60_000)
      if (count > clientErrorsPerMinute) throw new AppError(Code.tooManyRequests, 'tooManyRequests')
      const { url, message, source } = req.body
      await writeLog(app.deps.db.db, {
        account: me.loginName,
        operation: `client ${source} ${url}`,
        logType: 'system',
        result: `client error: ${message}`,
        ip: req.ip,
      })
      return { code: Code.ok, msg: 'ok', data: null }
    },
  )
}
