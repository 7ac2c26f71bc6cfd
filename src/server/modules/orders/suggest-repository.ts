import { sql, type RawBuilder } from 'kysely'
import type { Dialect } from '../../db/migrations/column-types.ts'
import type { LooseDb } from './grid-kind.ts'

/** `\` escapes LIKE's wildcards: a typed `%` or `_` matches itself only. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

export type SuggestSource = { table: string; column: string }

/**
 * Case-insensitive LIKE that an index serves for a prefix: on SQLite the column's NOCASE
 * index (LIKE ignores ASCII case there), on PostgreSQL the `lower(column) text_pattern_ops`
 * index (migration 0013). `pattern` has its wildcards escaped with `\`.
 */
export function likeOf(dialect: Dialect, column: string, pattern: string): RawBuilder<boolean> {
  const ref = sql.ref(column)
  return dialect === 'postgres'
    ? sql<boolean>`lower(${ref}) like lower(${pattern}) escape '\\'`
    : sql<boolean>`${ref} like ${pattern} escape '\\'`
}

/**
 * One query of the suggestions: distinct non-empty values of the column, all of them
 * (`keyword` ''), those starting with the keyword (`prefix`), or those holding it but not
 * starting with it (`inside`), in case-insensitive order, at most `limit`.
 */
export function suggestQuery(
  db: LooseDb,
  dialect: Dialect,
  { table, column }: SuggestSource,
  keyword: string,
  part: 'prefix' | 'inside',
  limit: number,
) {
  const ref = sql.ref(column)
  const order = dialect === 'postgres' ? sql`k` : sql`${ref} collate nocase`
  const prefix = `${escapeLike(keyword)}%`
  // PostgreSQL sorts a DISTINCT by selected expressions only: the sort key is selected too
  const keys =
    dialect === 'postgres'
      ? [sql<string>`${ref}`.as('v'), sql<string>`lower(${ref})`.as('k')]
      : [sql<string>`${ref}`.as('v')]
  let q = db.selectFrom(table).select(keys).distinct().where(column, '!=', '')
  if (keyword && part === 'prefix') q = q.where(likeOf(dialect, column, prefix))
  if (keyword && part === 'inside') {
    q = q
      .where(likeOf(dialect, column, `%${escapeLike(keyword)}%`))
      .where(sql<boolean>`not (${likeOf(dialect, column, prefix)})`)
  }
  return q.orderBy(order).orderBy(ref).limit(limit)
}

/**
 * The values of a column for an auto-complete input: distinct, case-insensitive, those starting
 * with the keyword first (an index range), then those holding it, at most `limit`. Table and
 * column come from static descriptors only; the keyword is a bound parameter with its
 * wildcards escaped.
 */
export async function suggestValues(
  db: LooseDb,
  dialect: Dialect,
  source: SuggestSource,
  keyword: string,
  limit: number,
): Promise<string[]> {
  const run = async (part: 'prefix' | 'inside', n: number) =>
    ((await suggestQuery(db, dialect, source, keyword, part, n).execute()) as { v: string }[]).map(
      (r) => r.v,
    )
  const first = await run('prefix', limit)
  if (!keyword || first.length >= limit) return first
  return [...first, ...(await run('inside', limit - first.length))]
}
