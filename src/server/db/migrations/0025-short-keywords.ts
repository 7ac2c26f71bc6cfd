import { sql, type Kysely } from 'kysely'
import type { Dialect } from './column-types.ts'
import { ftsTable, searchColumns } from './0020-text-search.ts'

/** Ends every indexed value, so that a value's last two characters start a trigram too. */
export const ftsEnd = '\u0001'

/** The FTS5 vocabulary table of a grid table's FTS5 table (its trigrams, in order). */
export const ftsVocab = (table: string) => `${table}_fts_vocab`

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
type AnyDb = Kysely<any>

async function endedFts(db: AnyDb, table: string, columns: string[]) {
  const fts = sql.id(ftsTable(table))
  const t = sql.id(table)
  const source = sql.id(`${table}_fts_source`)
  const cols = sql.join(columns.map((c) => sql.id(c)))
  const ended = (row: string) =>
    sql.join(columns.map((c) => sql.raw(`${row}"${c}" || char(${ftsEnd.charCodeAt(0)})`)))
  const name = (suffix: string) => sql.id(`${table}_fts_${suffix}`)
  for (const s of ['insert', 'delete', 'update'])
    await sql`drop trigger if exists ${name(s)}`.execute(db)
  await sql`drop table if exists ${fts}`.execute(db)
  await sql`create view ${source} as select id, ${sql.join(
    columns.map((c) => sql`${sql.raw(`"${c}" || char(${ftsEnd.charCodeAt(0)})`)} as ${sql.id(c)}`),
  )} from ${t}`.execute(db)
  await sql`create virtual table ${fts} using fts5(${cols}, content=${sql.lit(`${table}_fts_source`)}, content_rowid='id', tokenize='trigram')`.execute(
    db,
  )
  await sql`insert into ${fts}(${fts}) values ('rebuild')`.execute(db)
  await sql`create virtual table ${sql.id(ftsVocab(table))} using fts5vocab(${sql.id(ftsTable(table))}, 'row')`.execute(
    db,
  )
  const remove = sql`insert into ${fts}(${fts}, rowid, ${cols}) values ('delete', old.id, ${ended('old.')})`
  const add = sql`insert into ${fts}(rowid, ${cols}) values (new.id, ${ended('new.')})`
  await sql`create trigger ${name('insert')} after insert on ${t} begin ${add}; end`.execute(db)
  await sql`create trigger ${name('delete')} after delete on ${t} begin ${remove}; end`.execute(db)
  await sql`create trigger ${name('update')} after update of ${cols} on ${t} begin ${remove}; ${add}; end`.execute(
    db,
  )
}

/**
 * Keywords of two characters (most Chinese words) from the index too. SQLite's FTS5
 * trigram tables (migration 0020) index every three characters of a value, so a two-character
 * keyword starts one of them unless it ends the value: each value is now indexed with a
 * character after it (`ftsEnd`, through a view as the external content), and a vocabulary table
 * lists the trigrams, so the trigrams a keyword starts are found by range and matched (see
 * grid-search.ts). Rebuilds the FTS5 tables (about as long as migration 0020 took). PostgreSQL:
 * nothing.
 */
export function shortKeywords(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'sqlite') return
      for (const [table, columns] of Object.entries(searchColumns))
        await endedFts(db, table, columns)
    },
  }
}
