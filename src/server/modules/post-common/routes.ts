import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { can } from '#shared/acl'
import { Code } from '#shared/contract/codes'
import { postCommonBody, postCommonResponse } from '#shared/contract/post-common'
import { userMayUseScreens } from '../../plugins/authenticate.ts'
import { AppError } from '../../errors.ts'
import { requestLang } from '../../i18n.ts'
import type { AudienceCache } from '../notices/audience.ts'
import type { NoticeEvent } from '../notices/notice-view.ts'
import { createNotice } from '../notices/notify.ts'
import { writeLog } from '../system/log-repository.ts'
import { claimKey, fingerprintOf, idempotencyKeyOf, storeResult } from '../../idempotency.ts'
import { howOf } from '../history/how.ts'
import { trackedRun } from '../history/tracked.ts'
import { findOperation } from './registry.ts'
import { fieldText, validateRecords } from './validate.ts'

type StoredResult = { inserted: number; updated: number; removed: number }

type Outcome =
  | { kind: 'applied'; result: StoredResult }
  | { kind: 'replay'; result: StoredResult }
  | { kind: 'conflict' }

/**
 * `POST {API_PREFIX}/PostData/PostCommon` (DESIGN §4): looks up the operation named by
 * `postUrl` (unknown: 400), checks its permission (403, logged), validates every record
 * (400 with field errors, nothing applied), then applies it in one transaction. With an
 * `Idempotency-Key` the first result is kept per user and key and a replay returns it
 * (header `Idempotent-Replayed: true`) without applying again.
 */
export async function postCommonRoutes(app: FastifyInstance) {
  const db = app.deps.db.db
  app.withTypeProvider<ZodTypeProvider>().post(
    '/PostData/PostCommon',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['post-common'],
        summary: 'Generic save: one registered operation (postUrl) applied in one transaction',
        body: postCommonBody,
        response: { 200: postCommonResponse },
      },
    },
    async (req, reply) => {
      const user = req.user!
      const lang = requestLang(req)
      const op = findOperation(req.body.postUrl)
      if (!op)
        throw new AppError(Code.badRequest, 'apiNotFound', {
          postUrl: fieldText('postUrl', '', lang),
        })
      const key = idempotencyKeyOf(req)
      if (user.mustChangePassword && op.permission !== 'signedIn')
        throw new AppError(Code.forbidden, 'mustChangePassword')
      const allowed =
        can(user.subject, op.permission === 'signedIn' ? undefined : op.permission) &&
        userMayUseScreens(user, op.menu)
      if (!allowed) {
        await writeLog(db, {
          account: user.loginName,
          operation: `PostCommon ${op.postUrl}`,
          logType: 'system',
          result: 'permission denied',
          ip: req.ip,
        })
        throw new AppError(Code.forbidden, 'forbidden')
      }
      const records = validateRecords(op, req.body.postData, lang)
      const fingerprint = fingerprintOf({ postUrl: op.postUrl, postData: req.body.postData })
      const notices: NoticeEvent[] = []

      const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
        if (key) {
          const claim = await claimKey<StoredResult>(trx, user.id, key, fingerprint)
          if (claim.kind !== 'claimed') return claim
        }
        // the notice audience is resolved once per type for the whole save, not once per record
        const audience: AudienceCache = new Map()
        const ctx = {
          user,
          lang,
          ip: req.ip,
          how: howOf(req),
          limits: app.limits,
          smsTestCode: app.deps.config.smsTestCode,
          notify: async (input: Parameters<typeof createNotice>[1]) =>
            void notices.push(await createNotice(trx, input, audience)),
        }
        const r = await trackedRun(op, trx, records, ctx)
        const result = {
          inserted: r.inserted ?? 0,
          updated: r.updated ?? 0,
          removed: r.removed ?? 0,
        }
        if (key) await storeResult(trx, user.id, key, fingerprint, result)
        return { kind: 'applied', result }
      })

      if (outcome.kind === 'conflict') {
        throw new AppError(Code.conflict, 'badRequest', {
          'Idempotency-Key': fieldText('Idempotency-Key', '', lang),
        })
      }
      if (outcome.kind === 'replay') {
        reply.header('idempotent-replayed', 'true')
        return { code: Code.ok, msg: 'ok', data: outcome.result }
      }
      for (const event of notices) {
        await app.realtime
          .publish(event)
          .catch((err: unknown) => req.log.warn({ err }, 'PostCommon: could not publish a notice'))
      }
      const { inserted, updated, removed } = outcome.result
      await writeLog(db, {
        account: user.loginName,
        operation: `PostCommon ${op.postUrl}`,
        logType: 'database',
        result: `success: inserted ${inserted}, updated ${updated}, removed ${removed}`,
        ip: req.ip,
      })
      return { code: Code.ok, msg: 'ok', data: outcome.result }
    },
  )
}
