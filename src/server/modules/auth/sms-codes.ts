import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { SmsPurpose } from '#shared/contract/phone-auth'
import { smsResendSeconds } from '#shared/contract/phone-auth'
import type { Database } from '../../db/schema.ts'
import type { LimiterStore } from './limiter-store.ts'

/** A code works this long after it was sent. */
export const smsCodeTtlMinutes = 5
/** Limits (docs/security.md "Phone codes"): codes sent per number and per address, wrong codes per number and per address. */
export const smsLimits = {
  sendPerNumberPerHour: 5,
  sendPerAddressPerHour: 20,
  failuresPerNumber: 5,
  failuresPerAddress: 30,
  failureWindowMs: 15 * 60_000,
}
const hourMs = 60 * 60_000

const iso = (ms: number) => new Date(ms).toISOString()
const hashOf = (salt: string, code: string) =>
  createHash('sha256').update(`${salt}$${code}`).digest('base64url')

/** `salt$hash`: the code is never stored in clear. */
export function hashSmsCode(code: string): string {
  const salt = randomBytes(12).toString('base64url')
  return `${salt}$${hashOf(salt, code)}`
}

function matches(stored: string, code: string): boolean {
  const [salt = '', hash = ''] = stored.split('$')
  const a = Buffer.from(hashOf(salt, code))
  const b = Buffer.from(hash)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Counts one request for a code against the limits of its address and its number; answers
 * whether it may go on. Counted in the shared limiter store (across instances on PostgreSQL)
 * before any database or SMS work. The address is counted first: a request past the
 * address's limit creates no counter for its number, so one address cannot fill the store
 * with fresh numbers.
 */
export async function allowSend(
  limits: LimiterStore,
  mobile: string,
  ip: string,
): Promise<boolean> {
  const byAddress = await limits.hit(`sms:send:ip:${ip}`, hourMs)
  if (byAddress.count > smsLimits.sendPerAddressPerHour) return false
  const soon = await limits.hit(`sms:send:wait:${mobile}`, smsResendSeconds * 1000)
  if (soon.count > 1) return false
  const byNumber = await limits.hit(`sms:send:n:${mobile}`, hourMs)
  return byNumber.count <= smsLimits.sendPerNumberPerHour
}

/** A fresh six-digit code (not stored yet: `storeSmsCode` once the provider accepted it). */
export const newSmsCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

/** Stores a sent code for the number (hashed); earlier codes of the same purpose stop working. */
export async function storeSmsCode(
  db: Kysely<Database>,
  mobile: string,
  purpose: SmsPurpose,
  code: string,
  now = Date.now(),
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('sms_code')
      .where('mobile', '=', mobile)
      .where('purpose', '=', purpose)
      .execute()
    await trx.deleteFrom('sms_code').where('expires_at', '<', iso(now)).execute()
    await trx
      .insertInto('sms_code')
      .values({
        mobile,
        purpose,
        code_hash: hashSmsCode(code),
        expires_at: iso(now + smsCodeTtlMinutes * 60_000),
        used_at: null,
        created_at: iso(now),
      })
      .execute()
  })
}

export type CodeCheck = 'ok' | 'wrong' | 'locked'

type CheckInput = {
  mobile: string
  purpose: SmsPurpose
  code: string
  ip: string
  testCode: string | null
}

/**
 * Uses up the number's current code when `code` is it (once: a second use is 'wrong'); an
 * expired or unknown code is 'wrong'. The fixed test code of SPEC §5 passes only when
 * SMS_TEST_CODE is set. Wrong codes count per number and per address; past the limit every
 * check is 'locked' without looking at the database.
 */
export async function consumeSmsCode(
  db: Kysely<Database>,
  limits: LimiterStore,
  c: CheckInput,
  now = Date.now(),
): Promise<CodeCheck> {
  const numberKey = `sms:fail:n:${c.mobile}`
  const addressKey = `sms:fail:ip:${c.ip}`
  const [byNumber, byAddress] = await Promise.all([
    limits.count(numberKey),
    limits.count(addressKey),
  ])
  if (byNumber >= smsLimits.failuresPerNumber || byAddress >= smsLimits.failuresPerAddress)
    return 'locked'
  if (c.testCode !== null && c.code === c.testCode) return 'ok'
  const row = await db
    .selectFrom('sms_code')
    .select(['id', 'code_hash'])
    .where('mobile', '=', c.mobile)
    .where('purpose', '=', c.purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', iso(now))
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (row && matches(row.code_hash, c.code)) {
    // single use even when two requests race: only one of them marks it used
    const used = await db
      .updateTable('sms_code')
      .set({ used_at: iso(now) })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst()
    if (Number(used.numUpdatedRows) === 1) {
      await limits.reset(numberKey)
      return 'ok'
    }
  }
  await Promise.all([
    limits.hit(numberKey, smsLimits.failureWindowMs),
    limits.hit(addressKey, smsLimits.failureWindowMs),
  ])
  return 'wrong'
}
