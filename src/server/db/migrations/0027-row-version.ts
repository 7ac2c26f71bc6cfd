import { sql, type Kysely } from 'kysely'
import type { Dialect } from './column-types.ts'

/** Every table whose rows people edit and that carries a `row_version` (DESIGN §11). */
export const versionedTables = [
  'orders',
  'purchase',
  'outsourcing',
  'quality',
  'warehouse',
  'finance',
  'shipment',
  'production_report',
  'supplier_form',
  'carousel',
  'product_category',
  'product',
  'news',
  'equipment',
  'contact_info',
  'page',
  'users',
  'roles',
  'department',
  'menu',
] as const
export type VersionedTable = (typeof versionedTables)[number]

/**
 * Concurrent edits: every edited row gets `row_version` (integer, 1 for the rows there are, +1
 * per write), and each `record_history` row the version it produced (null for history written
 * before versions existed), indexed by record and version so "which fields changed since version
 * N" is one indexed read. Adding a column with a constant default only changes the table's
 * description on both databases (PostgreSQL 11+ and SQLite do not rewrite the rows), so this is
 * quick on a large database; only the history index reads its table once.
 */
export function rowVersion(_dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      for (const table of versionedTables)
        await db.schema
          .alterTable(table)
          .addColumn('row_version', 'integer', (c) => c.notNull().defaultTo(1))
          .execute()
      await db.schema.alterTable('record_history').addColumn('row_version', 'integer').execute()
      await sql`create index record_history_version on record_history (record_type, record_id, row_version)`.execute(
        db,
      )
    },
  }
}
