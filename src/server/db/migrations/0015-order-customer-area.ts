import type { Kysely } from 'kysely'
import type { Dialect } from './column-types.ts'

/**
 * Orders carry the customer's area (SPEC §3 region item): the six-digit codes of
 * province, city and district, comma-joined ('' when not given). Existing orders get ''.
 * The same statement on SQLite and PostgreSQL.
 */
export function orderCustomerArea(_dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('orders')
        .addColumn('customer_area', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
    },
  }
}
