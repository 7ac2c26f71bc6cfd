import type { Kysely } from 'kysely'
import type { Requirement, Subject } from '#shared/acl'
import { menuMeta, requirement, type MenuItem, type MenuMeta } from '#shared/contract/menu'
import type { Database } from '../../db/schema.ts'
import { parseJsonColumn } from '../content/json-column.ts'
import { withMenu, type MenuTable } from './table.ts'

type MenuRow = Omit<MenuTable, 'id'> & { id: number; row_version: number }

/**
 * A tree node before filtering: the item plus its requirement. `open`: it has no requirement
 * (migration 0005 wrote every inherited one onto the entries), so every signed-in user sees it
 * whatever their role; the others are seen by the roles holding them.
 */
export type MenuNode = MenuItem & {
  id: number
  permission: Requirement | null
  RowVersion: number
  open: boolean
  children: MenuNode[]
}

function metaOf(text: string, path: string): MenuMeta {
  const parsed = menuMeta.safeParse(parseJsonColumn<unknown>(text, {}))
  return parsed.success ? parsed.data : { title: path }
}

function permissionOf(text: string | null): Requirement | null {
  if (text === null) return null
  const parsed = requirement.safeParse(parseJsonColumn<unknown>(text, null))
  // a broken requirement must never open an item to everyone: admin only
  return parsed.success ? parsed.data : ['admin']
}

function toNode(r: MenuRow): MenuNode {
  return {
    id: r.id,
    path: r.path,
    name: r.name,
    component: r.component,
    ...(r.redirect ? { redirect: r.redirect } : {}),
    hidden: r.hidden === 1,
    alwaysShow: r.always_show === 1,
    menuHidden: r.menu_hidden === 1,
    meta: metaOf(r.meta, r.path),
    sort: r.sort,
    permission: permissionOf(r.permission),
    RowVersion: Number(r.row_version),
    open: r.permission === null,
    children: [],
  }
}

/** The whole menu tree, each level ordered by sort then id. */
export async function loadMenuTree(db: Kysely<Database>): Promise<MenuNode[]> {
  const rows = await withMenu(db)
    .selectFrom('menu')
    .selectAll()
    .orderBy('sort')
    .orderBy('id')
    .execute()
  const nodes = new Map(rows.map((r) => [r.id, toNode(r)]))
  const roots: MenuNode[] = []
  for (const r of rows) {
    const node = nodes.get(r.id)!
    const parent = r.parent_id === null ? undefined : nodes.get(r.parent_id)
    if (parent) parent.children.push(node)
    else if (r.parent_id === null) roots.push(node)
    // an orphan (parent row gone) is dropped
  }
  return roots
}

/** Groups use the layout component; a group without children shows nothing. */
export const groupComponent = 'Layout'
const isGroup = (n: MenuNode) => n.component === groupComponent

/**
 * The tree a user sees (server-menu mode, SPEC §6): admin everything; anyone else the entries
 * their role holds (`held`, ids from role_menu) plus the open ones. A group disappears when none
 * of its children is left. Ids, sort, permissions and versions are not sent.
 */
export function filterMenu(
  nodes: readonly MenuNode[],
  subject: Subject,
  held: ReadonlySet<number>,
): MenuItem[] {
  const out: MenuItem[] = []
  for (const n of nodes) {
    const { id: _id, sort: _sort, permission: _p, RowVersion: _v, open, children, ...item } = n
    if (children.length > 0 || isGroup(n)) {
      const visible = filterMenu(children, subject, held)
      if (visible.length === 0) continue
      out.push({ ...item, children: visible })
    } else if (subject.admin || open || held.has(n.id)) {
      out.push(item)
    }
  }
  return out
}

/** The admin view: every item with id, sort, permission and `RowVersion`. */
export function adminMenu(nodes: readonly MenuNode[]): MenuItem[] {
  return nodes.map(({ children, open: _open, ...n }) =>
    children.length > 0 ? { ...n, children: adminMenu(children) } : n,
  )
}
