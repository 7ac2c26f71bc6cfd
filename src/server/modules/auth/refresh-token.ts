import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { refreshBody, refreshQuery, refreshTokenHeader } from '#shared/contract/auth'
import { refreshAnswer } from '#shared/contract/sign-in-answers'
import { AppError } from '../../errors.ts'
import { writeLog } from '../system/log-repository.ts'
import {
  carryPushSubscriptions,
  consumeRefreshToken,
  familyRevoked,
  issueTokens,
  revokeFamily,
} from './session-repository.ts'

/** The refresh token of a request: the `X-Refresh-Token` header, else the body, else the query (SPEC §7). */
function refreshTokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers[refreshTokenHeader]
  const fromHeader = Array.isArray(header) ? header[0] : header
  if (fromHeader) return fromHeader
  const body = req.body as { refreshToken?: string } | undefined
  return body?.refreshToken ?? (req.query as { refreshToken?: string }).refreshToken
}

/**
 * `GET|POST {API_PREFIX}/User/RefreshToken`: rotates the pair; reuse revokes the family, and a
 * family past its absolute lifetime (SESSION_MAX_AGE_SECONDS) must sign in again (10002).
 */
export async function refreshTokenRoute(app: FastifyInstance) {
  const handler = async (req: FastifyRequest) => {
    const { db, config } = app.deps
    const token = refreshTokenOf(req)
    if (!token) throw new AppError(Code.signInAgain, 'signInAgain')
    const outcome = await consumeRefreshToken(db.db, token, {
      maxAgeSeconds: config.sessionMaxAgeSeconds,
    })
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
      familyStartedAt: outcome.familyStartedAt,
      wechatUserId: outcome.wechatUserId,
      maxAge: config.sessionMaxAgeSeconds,
      ip: req.ip,
      accessTtl: config.accessTokenTtlSeconds,
      refreshTtl: config.refreshTokenTtlSeconds,
    })
    await carryPushSubscriptions(db.db, outcome.sessionId, tokens.Token)
    // a concurrent reuse of the same token may have revoked the family between the claim and
    // the new session: the new pair belongs to that family and dies with it
    if (await familyRevoked(db.db, outcome.familyId)) {
      await revokeFamily(db.db, outcome.familyId)
      throw new AppError(Code.signInAgain, 'signInAgain')
    }
    return { code: Code.ok, msg: 'ok', data: tokens }
  }
  const typed = app.withTypeProvider<ZodTypeProvider>()
  const summary = 'Exchange a refresh token for a new token pair'
  typed.get(
    '/User/RefreshToken',
    {
      schema: {
        tags: ['auth'],
        summary,
        querystring: refreshQuery,
        response: { 200: refreshAnswer },
      },
    },
    handler,
  )
  typed.post(
    '/User/RefreshToken',
    {
      schema: {
        tags: ['auth'],
        summary,
        querystring: refreshQuery,
        body: refreshBody,
        response: { 200: refreshAnswer },
      },
    },
    handler,
  )
}
