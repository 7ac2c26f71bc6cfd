import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../../db/migrations/column-types.ts'
import type { Database } from '../../db/schema.ts'
import { withMenu } from '../menu/table.ts'
import { hashToken } from './session-repository.ts'

/** Everything a request's sign-in needs: session, user, and the user's role (read once). */
export type SignInState = {
  sessionId: number
  familyId: string
  accessExpiresAt: string
  revokedAt: string | null
  userId: number
  loginName: string
  role: string
  ban: number
  mustChangePassword: number
  /** the role's abilities (roles.abilities); none without a role row */
  abilities: string[]
  /** the role's grid permission strings (roles.permissions) */
  permissions: string[]
  /** paths of the menu entries the role holds (role_menu): the screens its users may use */
  screens: string[]
}

/** A JSON array column or aggregate (text on SQLite, parsed already by pg) as strings. */
function strings(value: unknown): string[] {
  let list = value
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value)
    } catch {
      return []
    }
  }
  return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : []
}

/**
 * The sign-in state of an access token in ONE statement (one round trip on PostgreSQL):
 * the session joined to its user and the user's `roles` row, with the role's screens gathered
 * by a subselect (json_agg / json_group_array). Undefined for an unknown token.
 */
export async function loadSignInState(
  db: Kysely<Database>,
  dialect: Dialect,
  token: string,
): Promise<SignInState | undefined> {
  const paths =
    dialect === 'postgres'
      ? sql<unknown>`json_agg(menu.path)`
      : sql<unknown>`json_group_array(menu.path)`
  const row = await withMenu(db)
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('roles', 'roles.code', 'users.role')
    .select((eb) => [
      'sessions.id as sessionId',
      'sessions.family_id as familyId',
      'sessions.access_expires_at as accessExpiresAt',
      'sessions.revoked_at as revokedAt',
      'users.id as userId',
      'users.login_name as loginName',
      'users.role as role',
      'users.ban as ban',
      'users.must_change_password as mustChangePassword',
      'roles.abilities as abilities',
      'roles.permissions as permissions',
      eb
        .selectFrom('role_menu')
        .innerJoin('menu', 'menu.id', 'role_menu.menu_id')
        .select(paths.as('paths'))
        .whereRef('role_menu.role_code', '=', 'users.role')
        .as('screens'),
    ])
    .where('sessions.access_hash', '=', hashToken(token))
    .executeTakeFirst()
  if (!row) return undefined
  return {
    ...row,
    abilities: strings(row.abilities),
    permissions: strings(row.permissions),
    screens: row.role ? strings(row.screens) : [],
  }
}
