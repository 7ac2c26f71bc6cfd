import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { postFrontCommonBody, postFrontCommonResponse } from '#shared/contract/leaving'
import { AppError } from '../../errors.ts'
import { claimKey, fingerprintOf, idempotencyKeyOf, storeResult } from '../../idempotency.ts'
import { requestLang, t } from '../../i18n.ts'
import { leavingListRoute } from './list.ts'
import { insertLeaving } from './repository.ts'
import { registerOperation } from '../post-common/registry.ts'
import { saveLeaving } from './save-leaving.ts'

/** Replays of visitor calls share one key space (keys are random per message). */
const visitor = 0

/**
 * Visitor operations: `PostData/PostFrontCommon` (leave a message), rate-limited per client.
 * With an `Idempotency-Key` (the client's outbox sends one) a replay after a lost answer
 * returns the first result and stores nothing new.
 */
export async function leavingRoutes(app: FastifyInstance) {
  await app.register(leavingListRoute)
  registerOperation(saveLeaving)
  app.withTypeProvider<ZodTypeProvider>().post(
    '/PostData/PostFrontCommon',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: ['content'],
        summary: 'A visitor leaves a message (postUrl LeaveMessage)',
        body: postFrontCommonBody,
        response: { 200: postFrontCommonResponse },
      },
    },
    async (req, reply) => {
      const db = app.deps.db.db
      const lang = requestLang(req)
      const key = idempotencyKeyOf(req)
      const saved = (Id: number) => ({ code: Code.ok, msg: t('savedMessage', lang), data: { Id } })
      if (!key) return saved(await insertLeaving(db, req.body.postData, req.ip))
      const fingerprint = fingerprintOf(req.body)
      const outcome = await db.transaction().execute(async (trx) => {
        const claim = await claimKey<{ Id: number }>(trx, visitor, key, fingerprint)
        if (claim.kind !== 'claimed') return claim
        const Id = await insertLeaving(trx, req.body.postData, req.ip)
        await storeResult(trx, visitor, key, fingerprint, { Id })
        return { kind: 'applied' as const, result: { Id } }
      })
      if (outcome.kind === 'conflict') {
        throw new AppError(Code.conflict, 'badRequest', {
          'Idempotency-Key': `Idempotency-Key ${t('invalidField', lang)}`,
        })
      }
      if (outcome.kind === 'replay') reply.header('idempotent-replayed', 'true')
      return saved(outcome.result.Id)
    },
  )
}
