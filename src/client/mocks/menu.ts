import { can, type Requirement, type Subject } from '#shared/acl'
import type { MenuItem } from '#shared/contract/menu'
import { staffMenu as seededMenu, type SeedItem } from '#shared/staff-menu'

type Node = Omit<MenuItem, 'children'> & { permission?: Requirement | null; children?: Node[] }

const toNode = ({ children, ...item }: SeedItem): Node => ({
  ...item,
  hidden: item.hidden ?? false,
  alwaysShow: item.alwaysShow ?? false,
  menuHidden: item.menuHidden ?? false,
  ...(children ? { children: children.map(toNode) } : {}),
})

/** The staff menu as the server seeds it (src/shared/staff-menu.ts). */
const staffMenu: Node[] = seededMenu.map(toNode)

/**
 * The menu a subject may see, filtered with shared/acl `can` as the server does: an item needs
 * its own requirement, a group without visible children disappears, permissions are not sent.
 */
export function menuFor(subject: Subject, nodes: readonly Node[] = staffMenu): MenuItem[] {
  const out: MenuItem[] = []
  for (const { permission, children, ...item } of nodes) {
    if (!can(subject, permission ?? undefined)) continue
    if (!children) {
      out.push(item)
      continue
    }
    const visible = menuFor(subject, children)
    if (visible.length > 0) out.push({ ...item, children: visible })
  }
  return out
}
