import type { DepartmentRow } from '#shared/contract/system-departments'

export type DepartmentNode = DepartmentRow & {
  depth: number
  siblings: DepartmentRow[]
  index: number
  hasChildren: boolean
}

/** The list (parents first) with each department's depth and its siblings in order. */
export function departmentNodes(rows: readonly DepartmentRow[]): DepartmentNode[] {
  const byParent = new Map<number | null, DepartmentRow[]>()
  for (const r of rows) byParent.set(r.ParentId, [...(byParent.get(r.ParentId) ?? []), r])
  const depth = new Map<number, number>()
  return rows.map((r) => {
    const d = r.ParentId === null ? 0 : (depth.get(r.ParentId) ?? 0) + 1
    depth.set(r.Id, d)
    const siblings = byParent.get(r.ParentId) ?? []
    return { ...r, depth: d, siblings, index: siblings.indexOf(r), hasChildren: byParent.has(r.Id) }
  })
}

/** Sort values of siblings after moving the one at `from` to `to` (10, 20, ...), only the changed ones. */
export function reorder(
  siblings: readonly DepartmentRow[],
  from: number,
  to: number,
): { Id: number; Sort: number }[] {
  const order = [...siblings]
  const [moved] = order.splice(from, 1)
  order.splice(to, 0, moved!)
  return order
    .map((d, i) => ({ Id: d.Id, Sort: (i + 1) * 10 }))
    .filter((u) => siblings.find((s) => s.Id === u.Id)?.Sort !== u.Sort)
}

/** Ids of a department and everything below it (a department cannot move there). */
export function subtreeIds(rows: readonly DepartmentRow[], id: number): Set<number> {
  const out = new Set([id])
  for (const r of rows) if (r.ParentId !== null && out.has(r.ParentId)) out.add(r.Id)
  return out
}

/** A department's name in the UI language: the English one in English when there is one. */
export function departmentName(d: { Name: string; NameEn: string }, locale: string): string {
  return locale.startsWith('en') && d.NameEn !== '' ? d.NameEn : d.Name
}

/** "Parent / Name" in the UI language, for pickers. */
export function departmentPath(d: DepartmentRow, locale: string): string {
  const name = departmentName(d, locale)
  return d.ParentName
    ? `${departmentName({ Name: d.ParentName, NameEn: d.ParentNameEn }, locale)} / ${name}`
    : name
}
