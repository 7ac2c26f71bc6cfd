import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { Code } from '#shared/contract/codes'
import type { Database } from './db/schema.ts'
import { AppError } from './errors.ts'
import { requestLang, t } from './i18n.ts'
import { claimKey, fingerprintOf, idempotencyKeyOf, rowKey, storeResult } from './idempotency.ts'

/**
 * Runs one write route's work under the request's `Idempotency-Key` (none: just runs it), for
 * routes whose work is not one database transaction (a file written to the upload store, a
 * password check and rate limit before the change):
 *
 * 1. the key is claimed in its own short transaction (an empty result row);
 * 2. a replay of a finished write (same key, same body) answers the first result with header
 *    `Idempotent-Replayed: true` and does nothing else; the same key with another body, or
 *    while the first request is still running, answers 409 - never a second write;
 * 3. the work runs; if it fails the claim is released so a retry runs it again (nothing was
 *    applied); if it succeeds its answer is stored under the key.
 *
 * If the process stops between the work and storing its answer, the claim stays empty and a
 * retry answers 409 until the claim is pruned: a lost answer, never a write applied twice.
 */
export async function idempotentWrite<T>(
  db: Kysely<Database>,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  body: unknown,
  work: () => Promise<T>,
): Promise<T> {
  const key = idempotencyKeyOf(req)
  if (key === undefined) return work()
  // the key is part of the fingerprint: a body holding passwords is never stored as a bare hash
  const fingerprint = fingerprintOf({ url: req.routeOptions.url, key, body })
  const claim = await db.transaction().execute((trx) => claimKey<T>(trx, userId, key, fingerprint))
  if (claim.kind === 'replay') {
    void reply.header('idempotent-replayed', 'true')
    return claim.result
  }
  if (claim.kind === 'conflict') {
    const lang = requestLang(req)
    throw new AppError(Code.conflict, 'badRequest', {
      'Idempotency-Key':
        lang === 'en'
          ? `Idempotency-Key ${t('invalidField', 'en')}`
          : `Idempotency-Key${t('invalidField', 'zh')}`,
    })
  }
  let result: T
  try {
    result = await work()
  } catch (e) {
    await releaseKey(db, userId, key).catch((err: unknown) =>
      req.log.warn({ err }, 'could not release an idempotency key'),
    )
    throw e
  }
  await storeResult(db, userId, key, fingerprint, result)
  return result
}

/** Deletes a claim whose work failed, so the same key may run again. */
async function releaseKey(db: Kysely<Database>, userId: number, key: string): Promise<void> {
  await db.deleteFrom('app_meta').where('key', '=', rowKey(userId, key)).execute()
}
