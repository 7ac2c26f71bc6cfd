import type { RowConflict } from '#shared/contract/row-version'
import { rebase, removeRows, unsetCell, type CellErrors, type GridEdits } from './grid-edits.ts'

/** A row whose save was refused because someone else changed the same field (DESIGN §11). */
export type GridClash = { conflicts: RowConflict[]; deleting: boolean }
export type GridClashes = Record<number, GridClash>

/** A 409's conflicts by row; `removed` says which rows the refused save deleted. */
export function clashesFrom(conflicts: RowConflict[], removed: readonly number[]): GridClashes {
  const out: GridClashes = {}
  for (const c of conflicts) {
    const id = Number(c.Id)
    if (!Number.isFinite(id)) continue
    const was = out[id] ?? { conflicts: [], deleting: removed.includes(id) }
    out[id] = { ...was, conflicts: [...was.conflicts, c] }
  }
  return out
}

/** The version stored now: the edit saves again from it. */
export const currentVersionOf = (clash: GridClash): number | undefined => {
  const vs = clash.conflicts.flatMap((c) =>
    c.currentVersion === undefined ? [] : [c.currentVersion],
  )
  return vs.length > 0 ? Math.max(...vs) : undefined
}

/** Keep mine: the same edit (a delete stays a delete), now from the current version. */
export function keepMine(e: GridEdits, id: number, clash: GridClash): GridEdits {
  const next = clash.deleting && !e.removed.includes(id) ? removeRows(e, [id]) : e
  return rebase(next, id, currentVersionOf(clash))
}

/**
 * Take theirs: the clashing fields drop out of the edit (the row shows the stored values again),
 * a delete is given up; the row's other edits stay and save from the current version. A record
 * deleted since loses its whole edit.
 */
export function takeTheirs(e: GridEdits, id: number, clash: GridClash): GridEdits {
  if (clash.conflicts.some((c) => c.deleted)) {
    const { [id]: _row, ...changed } = e.changed
    return { ...e, changed, removed: e.removed.filter((x) => x !== id) }
  }
  let next: GridEdits = clash.deleting ? { ...e, removed: e.removed.filter((x) => x !== id) } : e
  for (const c of clash.conflicts) next = unsetCell(next, id, c.field)
  return rebase(next, id, currentVersionOf(clash))
}

/** The clashing cells, marked with a short reason (the row's notice says the rest). */
export function clashCellErrors(
  clashes: GridClashes,
  text: (c: RowConflict) => string,
): CellErrors {
  const out: CellErrors = {}
  for (const [id, clash] of Object.entries(clashes))
    for (const c of clash.conflicts)
      if (!c.deleted) out[Number(id)] = { ...out[Number(id)], [c.field]: text(c) }
  return out
}

/** One row's entry gone (its clash settled): the others stay. */
export function without<T>(byRow: Record<number, T>, id: number): Record<number, T> {
  const { [id]: _gone, ...rest } = byRow
  return rest
}
