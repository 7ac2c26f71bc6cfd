import { sql, SqliteAdapter, type Kysely, type RawBuilder } from 'kysely'
import { ftsTable, searchColumns } from '../../db/migrations/0020-text-search.ts'
import { ftsEnd, ftsVocab } from '../../db/migrations/0025-short-keywords.ts'
import { bigramsFunction } from '../../db/migrations/0026-two-character-keywords.ts'
import { hasControlCharacters } from '#shared/contract/validators'
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

/**
 * FTS5 serves a keyword of 2 characters or more in columns its table holds. Not one with control
 * characters (the contract refuses them; a NUL ends an FTS5 query string with "unterminated
 * string"): such a keyword is compared with LIKE, which takes any text.
 */
const ftsServes = (table: string, columns: string[], keyword: string) =>
  [...keyword].length >= 2 &&
  !keyword.includes(ftsEnd) &&
  !hasControlCharacters(keyword) &&
  columns.every((c) => searchColumns[table]?.includes(c))

/**
 * The right side of `MATCH` for the rows of a grid table whose `columns` hold `keyword`: a phrase
 * (a substring under the trigram tokenizer) of 3 characters or more; a keyword of 2 is in every
 * trigram it starts (each value ends with `ftsEnd`, migration 0025), found by range in the
 * vocabulary table (a trigram that matches nothing when none does).
 */
function ftsQuery(table: string, columns: string[], keyword: string): RawBuilder<unknown> {
  if ([...keyword].length >= 3) return sql`${ftsMatch(columns, keyword)}`
  const v = sql.id(ftsVocab(table))
  const low = keyword.toLowerCase()
  return sql`(select coalesce(${`{${columns.join(' ')}} : (`} || group_concat('"' || replace(term, '"', '""') || '"', ' OR ') || ')', '"' || char(1, 1, 1) || '"') from ${v} where term >= ${low} and term < ${low} || char(1114111))`
}

/** The rows of a grid table whose `columns` hold `keyword`, from its FTS5 table. */
function ftsRows(table: string, columns: string[], keyword: string): RawBuilder<unknown> {
  const f = sql.id(ftsTable(table))
  return sql`select rowid from ${f} where ${f} match ${ftsQuery(table, columns, keyword)}`
}

/**
 * A page of a grid searched by keyword alone, newest first, read from its FTS5 table only
 * (SQLite; a grid whose rows are not also found by their order's number): the page's ids in
 * descending rowid order, and the matches counted up to a cap, without looking up each matching
 * row in the grid's table (which cost 18 of the 21 ms of searching 100,000 orders for a word in
 * 8,238 of them). Every row of an FTS table is a row of its grid (the triggers of
 * migration 0020 keep them in step); undefined when the index cannot serve the search.
 */
export function ftsOnlySearch(kind: GridKind, keyword: string, columns: string[]) {
  if (kind.order !== 'self' && kind.order !== 'none') return undefined
  if (columns.length === 0 || !ftsServes(kind.table, columns, keyword)) return undefined
  const f = sql.id(ftsTable(kind.table))
  const match = sql`${f} match ${ftsQuery(kind.table, columns, keyword)}`
  return {
    ids: (limit: number, offset: number) =>
      sql`select rowid from ${f} where ${match} order by rowid desc limit ${limit} offset ${offset}`,
    count: (upTo: number) =>
      sql<{
        n: number
      }>`select count(*) as n from (select rowid from ${f} where ${match} limit ${upTo + 1})`,
  }
}

/**
 * The column holds the keyword, ignoring case. SQLite's LIKE already ignores the case of ASCII
 * letters (and its lower() folds nothing else), so there the column is compared as it is:
 * `lower()` on every row of a scan doubled its cost. PostgreSQL's LIKE is
 * case-sensitive, and its trigram indexes are on `lower(column)`; they serve a keyword of three
 * characters or more. A shorter one yields no trigram, and a LIKE of it made PostgreSQL read the
 * whole trigram index (a prepared statement's generic plan chose it: 400 ms): it is checked with
 * `strpos`, which no index claims (two characters are found by `pairCondition`).
 */
const likeCondition = (column: RawBuilder<unknown>, keyword: string, sqlite: boolean) =>
  sqlite
    ? sql`${column} like ${likePattern(keyword)} escape '\\'`
    : [...keyword].length < 3
      ? sql`strpos(lower(${column}), ${keyword.toLowerCase()}) > 0`
      : sql`lower(${column}) like ${likePattern(keyword)} escape '\\'`

/**
 * PostgreSQL, a keyword of two characters: it is one of the value's two-character pieces,
 * indexed by migration 0026. Exact, but the function costs microseconds per row, so it only
 * picks rows from its index (see `keywordCondition`).
 */
const pairCondition = (column: RawBuilder<unknown>, keyword: string) =>
  sql`${sql.id(bigramsFunction)}(lower(${column})) @> array[${keyword.toLowerCase()}::text]`

/** PostgreSQL finds a keyword of exactly two characters from its indexes of pieces. */
export const searchesPairs = (keyword: string, fts: boolean) => !fts && [...keyword].length === 2

const anyOf = (parts: RawBuilder<unknown>[]) => sql<boolean>`(${sql.join(parts, sql` or `)})`

/**
 * The keyword condition of a grid page: the keyword in any of `columns` (the kind's searched
 * columns the caller may see, alias `t`) or in the number of the row's order (`byOrderNo`).
 * With `fts` (SQLite) the rows come from the FTS5 trigram index; otherwise `like` (see
 * `likeCondition`), which PostgreSQL's trigram indexes serve; the order number through the
 * orders table, by id. A two-character keyword on PostgreSQL is `(pieces in any column) and
 * (strpos in any column)`: the indexes of pieces find the rows (a bitmap, no recheck) and only
 * the cheap strpos is checked on each; a walk of the newest rows checks strpos first.
 */
export function keywordCondition(
  kind: GridKind,
  keyword: string,
  columns: string[],
  byOrderNo: boolean,
  fts: boolean,
): RawBuilder<boolean> {
  // the keyword in any of these columns: LIKE (or strpos), and on PostgreSQL for two characters
  // the indexed pieces first
  const inAny = (refs: RawBuilder<unknown>[]) => {
    const likes = refs.map((c) => likeCondition(c, keyword, fts))
    if (!searchesPairs(keyword, fts)) return likes
    return [sql`(${anyOf(refs.map((c) => pairCondition(c, keyword)))} and ${anyOf(likes)})`]
  }
  const parts: RawBuilder<unknown>[] = []
  if (columns.length > 0) {
    if (fts && ftsServes(kind.table, columns, keyword)) {
      parts.push(sql`t.id in (${ftsRows(kind.table, columns, keyword)})`)
    } else {
      parts.push(...inAny(columns.map((c) => sql.ref(`t.${c}`))))
    }
  }
  if (byOrderNo) {
    if (fts && ftsServes('orders', ['order_no'], keyword)) {
      parts.push(sql`t.order_id in (${ftsRows('orders', ['order_no'], keyword)})`)
    } else {
      const match = anyOf(inAny([sql.ref('order_no')]))
      parts.push(sql`t.order_id in (select id from orders where ${match})`)
    }
  }
  // every searched column hidden: nothing can match
  if (parts.length === 0) return sql<boolean>`1 = 0`
  return anyOf(parts)
}
