import type { Kysely } from 'kysely'
import { adminRoleCode, type RoleRow } from '#shared/contract/system-roles'
import type { Database } from '../../db/schema.ts'
import { parseJsonColumn } from '../content/json-column.ts'
import { withMenu } from '../menu/table.ts'

const strings = (text: string): string[] => {
  const v = parseJsonColumn<unknown>(text, [])
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
}

/** Every menu entry id (what the admin role always holds). */
export async function allMenuIds(db: Kysely<Database>): Promise<number[]> {
  return (await withMenu(db).selectFrom('menu').select('id').orderBy('id').execute()).map(
    (r) => r.id,
  )
}

/** Every role with its abilities, permission strings, menu entries and number of users. */
export async function listRoles(db: Kysely<Database>): Promise<RoleRow[]> {
  const roles = await db
    .selectFrom('roles')
    .selectAll()
    .orderBy('builtin', 'desc')
    .orderBy('code')
    .execute()
  const links = await db
    .selectFrom('role_menu')
    .select(['role_code', 'menu_id'])
    .orderBy('menu_id')
    .execute()
  const counts = await db
    .selectFrom('users')
    .select((eb) => ['role', eb.fn.countAll<number>().as('n')])
    .groupBy('role')
    .execute()
  const all = await allMenuIds(db)
  return roles.map((r) => ({
    Code: r.code,
    Name: r.name,
    NameEn: r.name_en,
    Abilities: strings(r.abilities),
    Permissions: strings(r.permissions),
    MenuIds:
      r.code === adminRoleCode
        ? all
        : links.filter((l) => l.role_code === r.code).map((l) => l.menu_id),
    Builtin: r.builtin === 1,
    UserCount: Number(counts.find((c) => c.role === r.code)?.n ?? 0),
    RowVersion: r.row_version,
  }))
}

/** Replaces the menu entries a role holds. */
export async function setRoleMenus(
  db: Kysely<Database>,
  code: string,
  ids: readonly number[],
): Promise<void> {
  await db.deleteFrom('role_menu').where('role_code', '=', code).execute()
  const unique = [...new Set(ids)]
  for (let i = 0; i < unique.length; i += 200) {
    await db
      .insertInto('role_menu')
      .values(unique.slice(i, i + 200).map((menu_id) => ({ role_code: code, menu_id })))
      .execute()
  }
}
