import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { mobileIndexName } from '../../db/migrations/0016-unique-mobile.ts'

/**
 * The account that holds a mobile number, other than `exceptUserId` (one account per
 * number, for every write: sign-up, my profile, user management).
 */
export function mobileHolder(db: Kysely<Database>, mobile: string, exceptUserId?: number) {
  let q = db.selectFrom('users').select(['id', 'login_name']).where('mobile', '=', mobile)
  if (exceptUserId !== undefined) q = q.where('id', '<>', exceptUserId)
  return q.executeTakeFirst()
}

/**
 * Whether a write failed on the unique mobile index (two writes racing for one number: the
 * check before passed for both). SQLite names the column, PostgreSQL the index.
 */
export function isMobileTaken(e: unknown): boolean {
  const err = e as { code?: unknown; constraint?: unknown; message?: unknown }
  if (err?.code === '23505') return err.constraint === mobileIndexName
  return (
    err?.code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    typeof err.message === 'string' &&
    err.message.includes('users.mobile')
  )
}
