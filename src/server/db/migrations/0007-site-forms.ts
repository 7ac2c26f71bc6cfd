import type { Kysely } from 'kysely'
import type { Dialect } from './column-types.ts'

/**
 * Site forms: staff write a reply or notes on a visitor message (with who wrote it and
 * when), and a supplier form keeps the region codes (province, city, district; SPEC §3) its
 * sender chose on `/supplier-apply`. The same statements on SQLite and PostgreSQL.
 */
export function siteForms(_dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      for (const column of ['reply', 'replied_by', 'replied_at']) {
        await db.schema
          .alterTable('leaving')
          .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
          .execute()
      }
      await db.schema
        .alterTable('supplier_form')
        .addColumn('area_codes', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
    },
  }
}
