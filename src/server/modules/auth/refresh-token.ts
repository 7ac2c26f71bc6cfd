import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { refreshQuery, refreshResponse } from '#shared/contract/auth'
import { AppError } from '../../errors.ts'
import { writeLog } from '../system/log-repository.ts'
import { consumeRefreshToken, familyRevoked, issueTokens, revokeFamily } from './session-repository.ts'

/** `GET {API_PREFIX}/User/RefreshToken`: rotates the pair; reuse revokes the family (10002). */
export async function refreshTokenRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/User/RefreshToken',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new token pair',
        querystring: refreshQuery,
        response: { 200: refreshResponse },
      },
    },
    async (req) => {
      const { db, config } = app.deps
      const outcome = await consumeRefreshToken(db.db, req.query.refreshToken)
      if (!outcome.ok) {
        if (outcome.reason === 'reused') {
          await writeLog(db.db, {
            account: outcome.loginName ?? '',
            operation: 'refresh token',
            logType: 'system',
            result: 'attack',
            ip: req.ip,
          })
        }
        throw new AppError(Code.signInAgain, 'signInAgain')
      }
      const tokens = await issueTokens(db.db, {
        userId: outcome.userId,
        familyId: outcome.familyId,
        ip: req.ip,
        accessTtl: config.accessTokenTtlSeconds,
        refreshTtl: config.refreshTokenTtlSeconds,
      })
      // a concurrent reuse of the same token may have revoked the family between the claim and
      // the new session: the new pair belongs to that family and dies with it
      if (await familyRevoked(db.db, outcome.familyId)) {
        await revokeFamily(db.db, outcome.familyId)
        throw new AppError(Code.signInAgain, 'signInAgain')
      }
      return { code: Code.ok, msg: 'ok', data: tokens }
    },
  )
}
