import type { Kysely } from 'kysely'
import type { Dialect } from './column-types.ts'

/**
 * Purchases carry the unit of their quantity: kg, pcs, t or m. Existing purchases
 * are material bought by weight, so they get kg. The same statement on SQLite and PostgreSQL.
 */
export function purchaseUnit(_dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('purchase')
        .addColumn('unit', 'text', (c) => c.notNull().defaultTo('kg'))
        .execute()
    },
  }
}
