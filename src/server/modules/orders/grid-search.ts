import { sql, SqliteAdapter, type Kysely, type RawBuilder } from 'kysely'
import { ftsTable, searchColumns } from '../../db/migrations/0020-text-search.ts'
import type { GridKind } from './grid-kind.ts'

/** `%keyword%` for LIKE, with the wildcards of the keyword escaped. */
const likePattern = (keyword: string) =>
  `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The embedded database answers keywords from its FTS5 trigram tables (migration 0020). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export const searchesFts = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter

/** An FTS5 query: the keyword as one phrase (a substring under the trigram tokenizer) in these columns. */
const ftsMatch = (columns: string[], keyword: string) =>
  `{${columns.join(' ')}} : "${keyword.replaceAll('"', '""')}"`

/** FTS5 serves a keyword of 3 characters or more in columns its table holds. */
const ftsServes = (table: string, columns: string[], keyword: string) =>
  [...keyword].length >= 3 && columns.every((c) => searchColumns[table]?.includes(c))

/**
 * `column like %keyword%` ignoring case. SQLite's LIKE already ignores the case of ASCII letters
 * (and its lower() folds nothing else), so there the column is compared as it is: `lower()` on
 * every row of a scan doubled its cost (issue 31). PostgreSQL's LIKE is case-sensitive, and its
 * trigram indexes are on `lower(column)`.
 */
const likeCondition = (column: RawBuilder<unknown>, pattern: string, sqlite: boolean) =>
  sqlite
    ? sql`${column} like ${pattern} escape '\\'`
    : sql`lower(${column}) like ${pattern} escape '\\'`

/**
 * The keyword condition of a grid page: the keyword in any of `columns` (the kind's searched
 * columns the caller may see, alias `t`) or in the number of the row's order (`byOrderNo`).
 * With `fts` (SQLite) the rows come from the FTS5 trigram index; otherwise `like` (see
 * `likeCondition`), which PostgreSQL's trigram indexes serve; the order number through the
 * orders table, by id.
 */
export function keywordCondition(
  kind: GridKind,
  keyword: string,
  columns: string[],
  byOrderNo: boolean,
  fts: boolean,
): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = []
  const pattern = likePattern(keyword)
  if (columns.length > 0) {
    if (fts && ftsServes(kind.table, columns, keyword)) {
      const f = sql.id(ftsTable(kind.table))
      parts.push(
        sql`t.id in (select rowid from ${f} where ${f} match ${ftsMatch(columns, keyword)})`,
      )
    } else {
      parts.push(...columns.map((c) => likeCondition(sql.ref(`t.${c}`), pattern, fts)))
    }
  }
  if (byOrderNo) {
    if (fts && ftsServes('orders', ['order_no'], keyword)) {
      parts.push(
        sql`t.order_id in (select rowid from orders_fts where orders_fts match ${ftsMatch(['order_no'], keyword)})`,
      )
    } else {
      const like = likeCondition(sql.ref('order_no'), pattern, fts)
      parts.push(sql`t.order_id in (select id from orders where ${like})`)
    }
  }
  // every searched column hidden: nothing can match
  if (parts.length === 0) return sql<boolean>`1 = 0`
  return sql<boolean>`(${sql.join(parts, sql` or `)})`
}
