import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { can } from '#shared/acl'
import { Code } from '#shared/contract/codes'
import { errorEnvelope } from '#shared/contract/envelope'
import { postCommonBody, postCommonResponse } from '#shared/contract/post-common'
import { conflictEnvelope, type RowConflict } from '#shared/contract/row-version'
import { z } from 'zod'
import { userMayUseScreens } from '../../plugins/authenticate.ts'
import { AppError } from '../../errors.ts'
import { requestLang, t } from '../../i18n.ts'
import type { AudienceCache } from '../notices/audience.ts'
import type { NoticeEvent } from '../notices/notice-view.ts'
import { createNotice } from '../notices/notify.ts'
import { writeLog } from '../system/log-repository.ts'
import { claimKey, fingerprintOf, idempotencyKeyOf, storeResult } from '../../idempotency.ts'
import { howOf } from '../history/how.ts'
import { trackedRun } from '../history/tracked.ts'
import { RowConflictError, VersionBook } from '../history/row-version.ts'
import { findOperation } from './registry.ts'
import { fieldText, validateRecords } from './validate.ts'

type StoredResult = {
  inserted: number
  updated: number
  removed: number
  merged?: (string | number)[]
  versions?: { Id: string | number; RowVersion: number }[]
}

type Outcome =
  | { kind: 'applied'; result: StoredResult }
  | { kind: 'replay'; result: StoredResult }
  | { kind: 'conflict' }
  | { kind: 'clash'; conflicts: RowConflict[]; errors: Record<string, string> }

/**
 * `POST {API_PREFIX}/PostData/PostCommon` (DESIGN §4): looks up the operation named by
 * `postUrl` (unknown: 400), checks its permission (403, logged), validates every record
 * (400 with field errors, nothing applied), then applies it in one transaction. With an
 * `Idempotency-Key` the first result is kept per user and key and a replay returns it
 * (header `Idempotent-Replayed: true`) without applying again.
 *
 * Row versions (DESIGN §11): an update or delete record may carry the `RowVersion` its edit
 * started from. A field it changes that someone else changed since answers 409 with
 * `data.conflicts` and saves nothing; other changes since are merged (`merged`). `versions` gives
 * the version of every written record, and each one is announced on the realtime channel once
 * committed. A key reused with another body is a 409 too, without `data.conflicts`.
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
        response: { 200: postCommonResponse, 409: z.union([conflictEnvelope, errorEnvelope]) },
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
      const book = new VersionBook(lang)

      const run = db.transaction().execute(async (trx): Promise<Outcome> => {
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
          versions: book,
          limits: app.limits,
          smsTestCode: app.deps.config.smsTestCode,
          notify: async (input: Parameters<typeof createNotice>[1]) =>
            void notices.push(await createNotice(trx, input, audience)),
        }
        const r = await trackedRun(op, trx, records, ctx)
        const versions = book.versions()
        const result: StoredResult = {
          inserted: r.inserted ?? 0,
          updated: r.updated ?? 0,
          removed: r.removed ?? 0,
          ...(book.merged.length > 0 ? { merged: book.merged } : {}),
          ...(versions.length > 0 ? { versions } : {}),
        }
        if (key) await storeResult(trx, user.id, key, fingerprint, result)
        return { kind: 'applied', result }
      })
      const outcome = await run.catch((e: unknown): Outcome => {
        if (e instanceof RowConflictError)
          return { kind: 'clash', conflicts: e.conflicts, errors: e.errors }
        throw e
      })

      if (outcome.kind === 'clash') {
        await writeLog(db, {
          account: user.loginName,
          operation: `PostCommon ${op.postUrl}`,
          logType: 'database',
          result: `conflict: ${outcome.conflicts.length} field(s) changed by others since`,
          ip: req.ip,
        })
        return reply.status(409).send({
          code: Code.conflict,
          msg: t('editConflict', lang),
          data: { conflicts: outcome.conflicts },
          errors: outcome.errors,
        })
      }

      if (outcome.kind === 'conflict') {
        throw new AppError(Code.conflict, 'badRequest', {
          'Idempotency-Key': fieldText('Idempotency-Key', '', lang),
        })
      }
      if (outcome.kind === 'replay') {
        reply.header('idempotent-replayed', 'true')
        return { code: Code.ok, msg: 'ok', data: outcome.result }
      }
      if (book.written.size > 0)
        await app.realtime
          .publishVersions([...book.written.values()])
          .catch((err: unknown) => req.log.warn({ err }, 'PostCommon: could not publish versions'))
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
