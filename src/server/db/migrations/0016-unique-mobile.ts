import { sql, type Kysely } from 'kysely'
import { normaliseMobile } from '#shared/contract/mobile-number'
import type { Dialect } from './column-types.ts'

/** The unique index: one account per mobile number (empty numbers excepted). */
export const mobileIndexName = 'users_mobile_unique'

type Holder = {
  id: number
  login_name: string
  mobile: string
  ban: number
  last_sign_in: string | null
}

/**
 * Who keeps a number several accounts share: an account that is not banned before a banned
 * one, then the most recent sign-in (its newest session), then the oldest account (lowest id).
 */
export function keeperOf(holders: Holder[]): Holder {
  return [...holders].sort(
    (a, b) =>
      a.ban - b.ban || (b.last_sign_in ?? '').localeCompare(a.last_sign_in ?? '') || a.id - b.id,
  )[0]!
}

/**
 * One account per mobile number: every stored number is normalised (digits only,
 * no +86 prefix); where several accounts hold the same number, one keeps it (`keeperOf`) and
 * the others lose it (set to ''), each such change written to the operation log (system_log,
 * operation "mobile cleared (duplicate)", naming the account that kept it); then a unique index
 * on users.mobile where it is not empty. Reads only the accounts that have a number; on
 * PostgreSQL the users table is locked against writes for the few statements this takes, so
 * no duplicate slips in between the clean-up and the index.
 */
export function uniqueMobile(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      if (dialect === 'postgres')
        await sql`lock table users in share row exclusive mode`.execute(db)
      const rows = (await db
        .selectFrom('users')
        .select(['id', 'login_name', 'mobile', 'ban'])
        .where('mobile', '<>', '')
        .orderBy('id')
        .execute()) as Omit<Holder, 'last_sign_in'>[]
      const byNumber = new Map<string, Omit<Holder, 'last_sign_in'>[]>()
      for (const r of rows) {
        const n = normaliseMobile(r.mobile)
        byNumber.set(n, [...(byNumber.get(n) ?? []), r])
      }
      const shared = [...byNumber.values()].filter((g) => g.length > 1).flat()
      const lastSignIn = new Map<number, string>()
      for (let i = 0; i < shared.length; i += 500) {
        const ids = shared.slice(i, i + 500).map((r) => r.id)
        const found = (await db
          .selectFrom('sessions')
          .select(['user_id', (eb) => eb.fn.max('created_at').as('last')])
          .where('user_id', 'in', ids)
          .groupBy('user_id')
          .execute()) as { user_id: number; last: string | null }[]
        for (const f of found) if (f.last) lastSignIn.set(Number(f.user_id), String(f.last))
      }
      const now = new Date().toISOString()
      for (const [n, group] of byNumber) {
        const keeper = keeperOf(
          group.map((r) => ({
            ...r,
            ban: Number(r.ban),
            last_sign_in: lastSignIn.get(r.id) ?? null,
          })),
        )
        for (const r of group) {
          const mobile = r.id === keeper.id ? n : ''
          if (mobile === r.mobile) continue
          await db.updateTable('users').set({ mobile }).where('id', '=', r.id).execute()
          if (mobile !== '') continue
          await db
            .insertInto('system_log')
            .values({
              account: r.login_name,
              operation: 'mobile cleared (duplicate)',
              log_type: 'database',
              result: `mobile ${n} kept by ${keeper.login_name} (migration 0016)`,
              ip: '',
              created_at: now,
            })
            .execute()
        }
      }
      await db.schema
        .createIndex(mobileIndexName)
        .on('users')
        .column('mobile')
        .unique()
        .where(sql.ref('mobile'), '<>', '')
        .execute()
    },
  }
}
