import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { GridPermissions } from '#shared/grid-permissions'
import type { Database } from '../../db/schema.ts'
import { visibleRow } from './grid-access.ts'
import { loose, toRow, type GridKind } from './grid-kind.ts'
import { searchesFts } from './grid-search.ts'
import { gridRowsQuery, gridSelection, type GridListQuery } from './grid-repository.ts'

type Selection = ReturnType<typeof gridSelection>
type Key = { sort: unknown; id: number }

/** The sort value as a non-null expression: the joined order number is absent for a row without an order. */
const sortExpression = (sortCol: string): RawBuilder<unknown> =>
  sortCol === 'o.order_no' ? sql`coalesce(${sql.ref(sortCol)}, '')` : sql`${sql.ref(sortCol)}`

/**
 * Rows after `key` in the order `sortCol dir, t.id dir` (the list's order). Written as a range on the sort column
 * plus a tie-break, so an index on that column serves it; never an OFFSET.
 */
function after(sel: Selection, key: Key): RawBuilder<boolean> {
  if (sel.sortCol === 't.id')
    return sel.dir === 'asc' ? sql<boolean>`t.id > ${key.id}` : sql<boolean>`t.id < ${key.id}`
  const e = sortExpression(sel.sortCol)
  return sel.dir === 'asc'
    ? sql<boolean>`(${e} >= ${key.sort} and (${e} > ${key.sort} or t.id > ${key.id}))`
    : sql<boolean>`(${e} <= ${key.sort} and (${e} < ${key.sort} or t.id < ${key.id}))`
}

/**
 * Every row of a grid selection, `size` at a time, in the list's order (keyset paging: each
 * batch starts after the last row of the one before, so a deep batch costs what the first does).
 * Rows are contract rows without the columns the caller may not see. Memory holds one batch.
 * A row saved while the batches are read appears if its place is still ahead.
 */
export async function* gridRowBatches(
  kind: GridKind,
  database: Kysely<Database>,
  q: Omit<GridListQuery, 'pageIndex' | 'pageSize'>,
  perms: GridPermissions,
  size = 1000,
): AsyncGenerator<Record<string, unknown>[]> {
  const db = loose(database)
  const sel = gridSelection(kind, q, perms, searchesFts(database))
  let key: Key | undefined
  for (;;) {
    let rows = sel
      .filter(gridRowsQuery(kind, db))
      .select(sortExpression(sel.sortCol).as('export_sort_key'))
    if (key) rows = rows.where(after(sel, key))
    rows = rows.orderBy(sortExpression(sel.sortCol), sel.dir)
    if (sel.sortCol !== 't.id') rows = rows.orderBy('t.id', sel.dir)
    const batch = (await rows.limit(size).execute()) as Record<string, unknown>[]
    if (batch.length === 0) return
    const last = batch[batch.length - 1]!
    key = { sort: last.export_sort_key, id: Number(last.id) }
    yield batch.map((r) => visibleRow(toRow(kind, r), perms))
    if (batch.length < size) return
  }
}
