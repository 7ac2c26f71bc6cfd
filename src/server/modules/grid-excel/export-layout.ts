import type { ExcelColumn } from './columns.ts'

/** Fields stored with a time that the grid shows as a day (the order's job start). */
const shownAsDay: ReadonlySet<string> = new Set(['JobStartTimeString'])

/** The row version of concurrent edits stays the file's last column, wherever the grid has it. */
const lastColumns: ReadonlySet<string> = new Set(['RowVersion'])

/**
 * An export laid out as the user's grid is: each column in the grid's format (a job start is a
 * day, as the grid shows it, not a day and a time), and in the grid's column order (the user's
 * saved order, sent by the client as `columnOrder`); the columns the grid does not list (the
 * record Id, audit state, creation time) keep their places after those, the row version last.
 */
export function exportLayout(
  columns: readonly ExcelColumn[],
  columnOrder: readonly string[] = [],
): ExcelColumn[] {
  const formatted = columns.map((c) =>
    shownAsDay.has(c.field) && c.type === 'time' ? { ...c, type: 'date' as const } : c,
  )
  const rank = new Map<string, number>()
  for (const field of columnOrder) if (!rank.has(field)) rank.set(field, rank.size)
  const listed = formatted
    .filter((c) => rank.has(c.field) && !lastColumns.has(c.field))
    .sort((a, b) => rank.get(a.field)! - rank.get(b.field)!)
  const rest = formatted.filter((c) => !rank.has(c.field) && !lastColumns.has(c.field))
  return [...listed, ...rest, ...formatted.filter((c) => lastColumns.has(c.field))]
}
