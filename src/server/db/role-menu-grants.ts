import type { Kysely } from 'kysely'
import { can, subjectOf, type Requirement } from '#shared/acl'

type MenuRow = { id: number; parent_id: number | null; permission: string | null }

function parse<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback
  try {
    return JSON.parse(text) as T
  } catch {
    return fallback
  }
}

/**
 * The requirement an item had before roles held menu entries: its own, else its group's
 * (children inherited it). null: every signed-in user. A broken one counts as admin only.
 */
function effectiveRequirement(row: MenuRow, byId: Map<number, MenuRow>): Requirement | null {
  for (let r: MenuRow | undefined = row, depth = 0; r && depth < 50; depth++) {
    if (r.permission !== null) return parse<Requirement>(r.permission, ['admin'])
    r = r.parent_id === null ? undefined : byId.get(r.parent_id)
  }
  return null
}

/**
 * Writes each entry's inherited requirement onto it (migration 0005): children used to inherit
 * their group's. Afterwards an entry without one (null) is open to every signed-in user by
 * itself, whatever its group, and the others are held by roles.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs inside migrations on an untyped schema
export async function materializeMenuRequirements(db: Kysely<any>): Promise<void> {
  const menu = (await db
    .selectFrom('menu')
    .select(['id', 'parent_id', 'permission'])
    .execute()) as MenuRow[]
  const byId = new Map(menu.map((m) => [m.id, m]))
  for (const item of menu) {
    if (item.permission !== null) continue
    const req = effectiveRequirement(item, byId)
    if (req !== null)
      await db
        .updateTable('menu')
        .set({ permission: JSON.stringify(req) })
        .where('id', '=', item.id)
        .execute()
  }
}

/**
 * Gives every role the menu entries its abilities opened until now (migration 0005): an entry
 * whose requirement (`menu.permission`, inherited from its group) the role passes. Entries open
 * to every signed-in user are not granted: they stay open. Runs when the roles or the menu are
 * first created, never again, so an administrator's later changes are kept.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs inside migrations on an untyped schema
export async function grantMenusByAbilities(db: Kysely<any>): Promise<void> {
  const roles = (await db.selectFrom('roles').select(['code', 'abilities']).execute()) as {
    code: string
    abilities: string
  }[]
  const menu = (await db
    .selectFrom('menu')
    .select(['id', 'parent_id', 'permission'])
    .execute()) as MenuRow[]
  if (roles.length === 0 || menu.length === 0) return
  const byId = new Map(menu.map((m) => [m.id, m]))
  const rows: { role_code: string; menu_id: number }[] = []
  for (const role of roles) {
    const subject = subjectOf(role.code, parse<string[]>(role.abilities, []))
    for (const item of menu) {
      const req = effectiveRequirement(item, byId)
      if (req !== null && can(subject, req)) rows.push({ role_code: role.code, menu_id: item.id })
    }
  }
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('role_menu')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['role_code', 'menu_id']).doNothing())
      .execute()
  }
}
