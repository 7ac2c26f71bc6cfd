import type { Kysely } from 'kysely'
import { can, type Requirement, type Subject } from '#shared/acl'
import { menuMeta, requirement, type MenuItem, type MenuMeta } from '#shared/contract/menu'
import type { Database } from '../../db/schema.ts'
import { parseJsonColumn } from '../content/json-column.ts'
import { withMenu, type MenuTable } from './table.ts'

type MenuRow = Omit<MenuTable, 'id'> & { id: number }

/** A tree node before filtering: the item plus its requirement. */
export type MenuNode = MenuItem & { permission: Requirement | null; children: MenuNode[] }

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
 * The tree a subject may see (SPEC §6 via shared/acl `can`): an item needs its own requirement;
 * a group disappears when none of its children is left. Ids, sort and permissions are not sent.
 */
export function filterMenu(nodes: readonly MenuNode[], subject: Subject): MenuItem[] {
  const out: MenuItem[] = []
  for (const n of nodes) {
    if (!can(subject, n.permission ?? undefined)) continue
    const { id: _id, sort: _sort, permission: _p, children, ...item } = n
    if (children.length > 0 || isGroup(n)) {
      const visible = filterMenu(children, subject)
      if (visible.length === 0) continue
      out.push({ ...item, children: visible })
    } else {
      out.push(item)
    }
  }
  return out
}

/** The admin view: every item with id, sort and permission. */
export function adminMenu(nodes: readonly MenuNode[]): MenuItem[] {
  return nodes.map(({ children, ...n }) =>
    children.length > 0 ? { ...n, children: adminMenu(children) } : n,
  )
}
