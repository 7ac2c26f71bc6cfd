import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { withMenu } from '../menu/table.ts'

/** Ids of the menu entries a role holds (role_menu); none for no role. */
export async function heldMenuIds(db: Kysely<Database>, role: string): Promise<Set<number>> {
  if (!role) return new Set()
  const rows = await db
    .selectFrom('role_menu')
    .select('menu_id')
    .where('role_code', '=', role)
    .execute()
  return new Set(rows.map((r) => r.menu_id))
}

/** Paths of the menu entries a role holds: the screens its users may use. */
export async function heldScreens(db: Kysely<Database>, role: string): Promise<Set<string>> {
  if (!role) return new Set()
  const rows = await withMenu(db)
    .selectFrom('role_menu')
    .innerJoin('menu', 'menu.id', 'role_menu.menu_id')
    .select('menu.path')
    .where('role_menu.role_code', '=', role)
    .execute()
  return new Set(rows.map((r) => r.path))
}
