import { sql, type Kysely } from 'kysely'
import type { Dialect } from './column-types.ts'

/** The columns each grid's keyword searches, as they were at this migration. */
export const searchColumns: Record<string, string[]> = {
  orders: ['order_no', 'customer', 'part_name', 'workshop_supervisor', 'remark'],
  purchase: ['supplier', 'material', 'remark'],
  outsourcing: ['supplier', 'process', 'remark'],
  quality: ['item', 'inspector', 'remark'],
  warehouse: ['material', 'location', 'handler', 'remark'],
  finance: ['counterparty', 'item', 'invoice_no', 'remark'],
  shipment: ['carrier', 'tracking_no', 'address', 'remark'],
  production_report: ['workshop', 'process', 'operator', 'remark'],
  supplier_form: ['company', 'contact', 'phone', 'products', 'message', 'remark'],
}

/** The FTS5 table of a grid table on SQLite (rowid = the row's id). */
export const ftsTable = (table: string) => `${table}_fts`

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
type AnyDb = Kysely<any>

/** SQLite: an external-content FTS5 trigram table per grid table, kept in step by triggers. */
async function sqliteFts(db: AnyDb, table: string, columns: string[]) {
  const fts = sql.id(ftsTable(table))
  const t = sql.id(table)
  const cols = sql.join(columns.map((c) => sql.id(c)))
  const of = (row: 'new' | 'old') => sql.join(columns.map((c) => sql.raw(`${row}."${c}"`)))
  const name = (suffix: string) => sql.id(`${table}_fts_${suffix}`)
  await sql`create virtual table ${fts} using fts5(${cols}, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(
    db,
  )
  await sql`insert into ${fts}(${fts}) values ('rebuild')`.execute(db)
  const remove = sql`insert into ${fts}(${fts}, rowid, ${cols}) values ('delete', old.id, ${of('old')})`
  const add = sql`insert into ${fts}(rowid, ${cols}) values (new.id, ${of('new')})`
  await sql`create trigger ${name('insert')} after insert on ${t} begin ${add}; end`.execute(db)
  await sql`create trigger ${name('delete')} after delete on ${t} begin ${remove}; end`.execute(db)
  await sql`create trigger ${name('update')} after update of ${cols} on ${t} begin ${remove}; ${add}; end`.execute(
    db,
  )
}

/**
 * `%keyword%` search from an index (DESIGN §9):
 * - SQLite: FTS5 with the trigram tokenizer over each grid's searched columns (external content,
 *   so the text is not stored twice), kept in step by triggers in the writing transaction. A
 *   keyword of 3 characters or more is matched through it; shorter ones scan as before.
 * - PostgreSQL: the `pg_trgm` extension and a GIN trigram index on `lower(column)` of each
 *   searched column, which serves `lower(column) like '%kw%'` as written. When the extension
 *   cannot be created (not installed, or no right to create it), the migration says so on the
 *   console and carries on without these indexes: search works, by scanning.
 * On the seed:large data this builds the indexes in about a minute.
 */
export function textSearch(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      if (dialect === 'sqlite') {
        for (const [table, columns] of Object.entries(searchColumns))
          await sqliteFts(db, table, columns)
        return
      }
      await sql`savepoint trgm`.execute(db)
      try {
        await sql`create extension if not exists pg_trgm`.execute(db)
      } catch (e) {
        await sql`rollback to savepoint trgm`.execute(db)
        console.warn(
          `pg_trgm is not available (${(e as Error).message}): keyword search scans without a trigram index`,
        )
        return
      }
      for (const [table, columns] of Object.entries(searchColumns)) {
        for (const c of columns) {
          await sql`create index ${sql.id(`${table}_${c}_trgm`)} on ${sql.id(table)} using gin (lower(${sql.id(c)}) gin_trgm_ops)`.execute(
            db,
          )
        }
      }
    },
  }
}
