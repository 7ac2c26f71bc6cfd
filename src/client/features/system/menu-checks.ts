import type { MenuItem } from '#shared/contract/menu'

/** A menu entry for the role checklist: depth, whether every signed-in user has it anyway. */
export type CheckRow = {
  id: number
  path: string
  title: string
  titleZh?: string
  depth: number
  open: boolean
  childIds: number[]
}

/**
 * The tree flattened in order. `open`: the entry has no requirement, so every signed-in user
 * has it whatever their role (shown checked, fixed).
 */
export function checkRows(items: readonly MenuItem[], depth = 0): CheckRow[] {
  return items.flatMap((item) => {
    const open = item.permission === null || item.permission === undefined
    const below = checkRows(item.children ?? [], depth + 1)
    const row: CheckRow = {
      id: item.id ?? 0,
      path: item.path,
      title: item.meta.title,
      ...(item.meta.titleZh ? { titleZh: item.meta.titleZh } : {}),
      depth,
      open,
      childIds: below.map((r) => r.id),
    }
    return [row, ...below]
  })
}

/** Checking a group checks everything below it; unchecking clears them. */
export function toggle(held: ReadonlySet<number>, row: CheckRow, on: boolean): Set<number> {
  const next = new Set(held)
  for (const id of [row.id, ...row.childIds]) {
    if (on) next.add(id)
    else next.delete(id)
  }
  return next
}

/** A group is checked when all its entries are, partly when some are. */
export function stateOf(held: ReadonlySet<number>, row: CheckRow): 'on' | 'off' | 'some' {
  if (row.childIds.length === 0) return held.has(row.id) ? 'on' : 'off'
  const n = row.childIds.filter((id) => held.has(id)).length
  return n === row.childIds.length ? 'on' : n === 0 ? 'off' : 'some'
}
