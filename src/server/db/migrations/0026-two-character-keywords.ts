import { sql, type Kysely } from 'kysely'
import type { Dialect } from './column-types.ts'
import { searchColumns } from './0020-text-search.ts'

/** The PostgreSQL function giving the distinct two-character pieces of a text (immutable). */
export const bigramsFunction = 'forgeline_bigrams'

/** The index of the two-character pieces of `lower(column)` of a searched column. */
export const bigramIndex = (table: string, column: string) => `${table}_${column}_bigrams`

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
type AnyDb = Kysely<any>

/**
 * Two-character keywords (most Chinese words) from an index on PostgreSQL too. pg_trgm
 * (migration 0020) takes no trigram from `%ab%`, so such a keyword read every row of the grid.
 * Each searched column gets a GIN index over the distinct two-character pieces of its lower-case
 * text (`forgeline_bigrams(lower(column))`); a two-character keyword is in a value exactly when
 * it is one of its pieces, so `forgeline_bigrams(lower(column)) @> array[keyword]` needs no
 * recheck (grid-search.ts). Built-in array GIN: no extension needed. SQLite: nothing (migration
 * 0025 serves these keywords from FTS5). On seed:large data (100,000 orders) it takes about a
 * minute.
 */
export function twoCharacterKeywords(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return
      const fn = sql.id(bigramsFunction)
      await sql`create or replace function ${fn}(s text) returns text[] language sql immutable strict parallel safe as ${sql.lit(
        'select array(select distinct substr(s, i, 2) from generate_series(1, char_length(s) - 1) as i)',
      )}`.execute(db)
      for (const [table, columns] of Object.entries(searchColumns))
        for (const c of columns)
          await sql`create index ${sql.id(bigramIndex(table, c))} on ${sql.id(table)} using gin (${fn}(lower(${sql.id(c)})))`.execute(
            db,
          )
    },
  }
}
