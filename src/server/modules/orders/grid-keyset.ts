import { sql, type RawBuilder } from 'kysely'
import { Code } from '#shared/contract/codes'
import type { GridCursor } from '#shared/contract/grid-fields'
import { AppError } from '../../errors.ts'
import type { DbRow, GridKind } from './grid-kind.ts'

/** The stored type of a sort column (`gridSelection`'s `sortCol`): a cursor key must have it. */
function keyType(kind: GridKind, sortCol: string): 'text' | 'number' {
  if (sortCol === 't.created_at' || sortCol === 'o.order_no') return 'text'
  const column = sortCol.slice(2)
  const entry = [...Object.values(kind.fields), ...Object.values(kind.computed ?? {})].find(
    ([c]) => c === column,
  )
  return entry?.[1] === 'text' ? 'text' : 'number'
}

/** The row field that holds a sort column's value (`o.order_no` is selected as `order_no_ref`). */
const keyField = (sortCol: string) => (sortCol === 'o.order_no' ? 'order_no_ref' : sortCol.slice(2))

/** The cursor of a stored row of a page sorted by `sortCol`. */
export const cursorOf = (sortCol: string, r: DbRow): GridCursor => ({
  key: (r[keyField(sortCol)] ?? null) as GridCursor['key'],
  id: Number(r.id),
})

/**
 * The rows after (`after`) or before (`before`) a cursor in a selection's order (`sortCol`
 * `dir`, ties by id in the same direction), as a row-value comparison that the sort column's
 * index (which ends with the id) serves as a range. `backwards`: the page is read in the
 * opposite order from the cursor, then shown in the selection's order. Undefined (read by
 * OFFSET) without a cursor, or where a key may be NULL (an optional order's number, whose
 * NULLs sort differently on the two databases). A key of the wrong type is refused.
 */
export function keysetOf(
  kind: GridKind,
  sortCol: string,
  dir: 'asc' | 'desc',
  q: { after?: GridCursor; before?: GridCursor },
): { where: RawBuilder<boolean>; backwards: boolean } | undefined {
  if (q.after && q.before)
    throw new AppError(Code.badRequest, 'badRequest', { before: 'after / before' })
  const cursor = q.after ?? q.before
  if (!cursor) return undefined
  const backwards = q.before !== undefined
  const op = sql.raw((dir === 'desc') !== backwards ? '<' : '>')
  if (sortCol === 't.id') return { where: sql<boolean>`t.id ${op} ${cursor.id}`, backwards }
  if (cursor.key === null || (sortCol === 'o.order_no' && kind.order === 'optional'))
    return undefined
  if (typeof cursor.key !== (keyType(kind, sortCol) === 'text' ? 'string' : 'number'))
    throw new AppError(Code.badRequest, 'badRequest', { [backwards ? 'before' : 'after']: 'key' })
  return {
    where: sql<boolean>`(${sql.ref(sortCol)}, t.id) ${op} (${cursor.key}, ${cursor.id})`,
    backwards,
  }
}
