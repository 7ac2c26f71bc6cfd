import type { GridColumn } from './grid-config.ts'

/**
 * Column customisation of a grid (SPEC §2): which columns show and in what order. Kept per user
 * and grid on the server (`User/SaveColumnPrefs`) and in this browser's localStorage
 * (`forgeline-grid-columns:{LoginName}:{kind}`, see use-column-prefs.ts); the
 * keys of a grid's columns are static, so a stale or foreign entry can only name columns that
 * are then ignored.
 */
export type ColumnPrefs = { order: string[]; hidden: string[] }

export const noColumnPrefs: ColumnPrefs = { order: [], hidden: [] }

export const columnPrefsKey = (user: string, kind: string) =>
  `forgeline-grid-columns:${user}:${kind}`

const strings = (v: unknown) =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, 100) : []

/** Prefs from their stored JSON; anything unreadable is "no prefs". */
export function parseColumnPrefs(raw: string | null): ColumnPrefs {
  if (!raw) return noColumnPrefs
  try {
    const v = JSON.parse(raw) as { order?: unknown; hidden?: unknown }
    return { order: strings(v.order), hidden: strings(v.hidden) }
  } catch {
    return noColumnPrefs
  }
}

/** The columns in the user's order (columns the prefs do not name keep their place at the end). */
export function orderedColumns(columns: GridColumn[], prefs: ColumnPrefs): GridColumn[] {
  const rank = new Map(prefs.order.map((k, i) => [k, i]))
  return columns
    .map((c, i) => ({ c, i }))
    .sort(
      (a, b) =>
        (rank.get(a.c.key) ?? prefs.order.length + a.i) -
        (rank.get(b.c.key) ?? prefs.order.length + b.i),
    )
    .map((x) => x.c)
}

/** The columns to show: ordered, without the hidden ones (at least one always stays). */
export function shownColumns(columns: GridColumn[], prefs: ColumnPrefs): GridColumn[] {
  const hidden = new Set(prefs.hidden)
  const shown = orderedColumns(columns, prefs).filter((c) => !hidden.has(c.key))
  return shown.length > 0 ? shown : columns.slice(0, 1)
}

export function toggleColumn(prefs: ColumnPrefs, key: string, show: boolean): ColumnPrefs {
  const hidden = prefs.hidden.filter((k) => k !== key)
  return { ...prefs, hidden: show ? hidden : [...hidden, key] }
}

/** Moves a column one place up (-1) or down (+1) in the full order. */
export function moveColumn(
  columns: GridColumn[],
  prefs: ColumnPrefs,
  key: string,
  delta: -1 | 1,
): ColumnPrefs {
  const order = orderedColumns(columns, prefs).map((c) => c.key)
  const i = order.indexOf(key)
  const j = i + delta
  if (i < 0 || j < 0 || j >= order.length) return prefs
  ;[order[i], order[j]] = [order[j]!, order[i]!]
  return { ...prefs, order }
}
