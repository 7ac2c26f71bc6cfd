import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

/**
 * Of these users, those not banned whose role is one of `roles`, read in batches of 500 ids so
 * the `in` list stays within both databases' parameter limits.
 */
export async function activeUsersInRoles(
  db: Kysely<Database>,
  userIds: readonly number[],
  roles: ReadonlySet<string>,
): Promise<number[]> {
  if (userIds.length === 0 || roles.size === 0) return []
  const out: number[] = []
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('id', 'in', userIds.slice(i, i + 500))
      .where('ban', '=', 0)
      .execute()
    for (const r of rows) if (roles.has(r.role)) out.push(r.id)
  }
  return out
}
