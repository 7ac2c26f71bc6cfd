import type { Kysely } from 'kysely'
import type { Subject } from '#shared/acl'
import type { Db } from '../../db/open.ts'
import type { Database } from '../../db/schema.ts'
import { withMenu } from '../menu/table.ts'

/** Ids of the menu entries a role holds (role_menu); none for no role. */
export async function heldMenuIds(db: Kysely<Database>, role: string): Promise<Set<number>> {
  if (!role) return new Set()
  const rows = await db.selectFrom('role_menu').select('menu_id').where('role_code', '=', role).execute()
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

/**
 * Whether a user may use an endpoint serving these screens (its `menu` in the route table):
 * admin always; anyone else when their role holds a menu entry of one of them. Read on every
 * request (through the read cache, which a write to role_menu, menu or roles empties), so removing
 * an entry from a role takes effect on its users' next call.
 */
export async function mayUseScreens(
  { db, reads }: Db,
  subject: Subject,
  role: string,
  screens: readonly string[] | undefined,
): Promise<boolean> {
  if (subject.admin || !screens || screens.length === 0) return true
  const held = await reads.read(`role-screens:${role}`, ['role_menu', 'menu', 'roles'], () => heldScreens(db, role))
  return screens.some((s) => held.has(s))
}
