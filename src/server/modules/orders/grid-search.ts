import { sql, SqliteAdapter, type Kysely, type RawBuilder } from 'kysely'
import { ftsTable, searchColumns } from '../../db/migrations/0020-text-search.ts'
import { ftsEnd, ftsVocab } from '../../db/migrations/0025-short-keywords.ts'
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

/** FTS5 serves a keyword of 2 characters or more in columns its table holds. */
const ftsServes = (table: string, columns: string[], keyword: string) =>
  [...keyword].length >= 2 &&
  !keyword.includes(ftsEnd) &&
  columns.every((c) => searchColumns[table]?.includes(c))

/**
 * The rows of a grid table whose `columns` hold `keyword`, from its FTS5 table: a phrase (a
 * substring under the trigram tokenizer) of 3 characters or more; a keyword of 2 is in every
 * trigram it starts (each value ends with `ftsEnd`, migration 0025), found by range in the
 * vocabulary table (a trigram that matches nothing when none does).
 */
function ftsRows(table: string, columns: string[], keyword: string): RawBuilder<unknown> {
  const f = sql.id(ftsTable(table))
  if ([...keyword].length >= 3)
    return sql`select rowid from ${f} where ${f} match ${ftsMatch(columns, keyword)}`
  const v = sql.id(ftsVocab(table))
  const low = keyword.toLowerCase()
  const terms = sql`select coalesce(${`{${columns.join(' ')}} : (`} || group_concat('"' || replace(term, '"', '""') || '"', ' OR ') || ')', '"' || char(1, 1, 1) || '"') from ${v} where term >= ${low} and term < ${low} || char(1114111)`
  return sql`select rowid from ${f} where ${f} match (${terms})`
}

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
      parts.push(sql`t.id in (${ftsRows(kind.table, columns, keyword)})`)
    } else {
      parts.push(...columns.map((c) => likeCondition(sql.ref(`t.${c}`), pattern, fts)))
    }
  }
  if (byOrderNo) {
    if (fts && ftsServes('orders', ['order_no'], keyword)) {
      parts.push(sql`t.order_id in (${ftsRows('orders', ['order_no'], keyword)})`)
    } else {
      const like = likeCondition(sql.ref('order_no'), pattern, fts)
      parts.push(sql`t.order_id in (select id from orders where ${like})`)
    }
  }
  // every searched column hidden: nothing can match
  if (parts.length === 0) return sql<boolean>`1 = 0`
  return sql<boolean>`(${sql.join(parts, sql` or `)})`
}
