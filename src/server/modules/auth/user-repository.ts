import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

export async function findUserByLoginName(db: Kysely<Database>, loginName: string) {
  return db
    .selectFrom('users')
    .select(['id', 'login_name', 'password_hash', 'ban', 'role'])
    .where('login_name', '=', loginName)
    .executeTakeFirst()
}
