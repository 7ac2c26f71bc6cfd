import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { Code } from '#shared/contract/codes'
import type { Database } from './db/schema.ts'
import { AppError } from './errors.ts'
import { requestLang, t } from './i18n.ts'

/*
 * Where replay results live: app_meta rows keyed `idem:{userId}:{sha256(key)}`, not a new
 * table. Why: the lookup is by exact key, which app_meta's primary key already serves in
 * both dialects, and the claim is an INSERT ... ON CONFLICT DO NOTHING on that key - so no
 * migration and nothing new to keep in sync.
 * The value is `{ISO time} {json}`: starting with the time lets old rows be pruned with a
 * plain `value < cutoff` (fixed-width ISO text sorts by time under any collation).
 * A dedicated table (0004-idempotency) would only pay off with per-row expiry indexes at
 * far higher write volumes than a shop floor produces.
 * Old results are deleted on a schedule (maintenance/prune.ts, IDEMPOTENCY_RETENTION_DAYS).
 */
export const idempotencyPrefix = 'idem:'
const prefix = idempotencyPrefix

/** What a replay answers: the first call's result, as JSON. */
type Claim<T> = { kind: 'claimed' } | { kind: 'replay'; result: T } | { kind: 'conflict' }

export const rowKey = (userId: number, key: string) =>
  `${prefix}${userId}:${createHash('sha256').update(key).digest('base64url')}`

/** The request's `Idempotency-Key` (8-200 visible ASCII characters), if any; a bad one is a 400. */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers['idempotency-key']
  const key = Array.isArray(raw) ? raw[0] : raw
  if (key === undefined) return undefined
  if (key.length < 8 || key.length > 200 || !/^[\x21-\x7E]+$/.test(key)) {
    throw new AppError(Code.badRequest, 'badRequest', {
      'Idempotency-Key': `Idempotency-Key ${t('invalidField', requestLang(req))}`,
    })
  }
  return key
}

/** A fingerprint of what the key was used for, so a key reused for another request is refused. */
export const fingerprintOf = (body: unknown) =>
  createHash('sha256').update(JSON.stringify(body)).digest('base64url')

/**
 * Claims the key inside the operation's transaction. In PostgreSQL a concurrent request with
 * the same key waits on the primary key until the first one commits, then sees its result;
 * in SQLite transactions are serialised anyway. A rollback releases the claim.
 */
export async function claimKey<T>(
  trx: Kysely<Database>,
  userId: number,
  key: string,
  fingerprint: string,
): Promise<Claim<T>> {
  const k = rowKey(userId, key)
  const inserted = await trx
    .insertInto('app_meta')
    .values({
      key: k,
      value: `${new Date().toISOString()} ${JSON.stringify({ fp: fingerprint, result: null })}`,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst()
  if (inserted) return { kind: 'claimed' }
  const row = await trx
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', k)
    .executeTakeFirst()
  const stored = row ? parse<T>(row.value) : undefined
  if (!stored || stored.fp !== fingerprint || !stored.result) return { kind: 'conflict' }
  return { kind: 'replay', result: stored.result }
}

function parse<T>(value: string): { fp: string; result: T | null } | undefined {
  try {
    return JSON.parse(value.slice(value.indexOf(' ') + 1)) as { fp: string; result: T | null }
  } catch {
    return undefined
  }
}

/** Records the first result under the claimed key (same transaction as the changes). */
export async function storeResult<T>(
  trx: Kysely<Database>,
  userId: number,
  key: string,
  fingerprint: string,
  result: T,
): Promise<void> {
  await trx
    .updateTable('app_meta')
    .set({ value: `${new Date().toISOString()} ${JSON.stringify({ fp: fingerprint, result })}` })
    .where('key', '=', rowKey(userId, key))
    .execute()
}
