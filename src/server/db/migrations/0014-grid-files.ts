import type { Kysely } from 'kysely'
import type { Dialect } from './column-types.ts'

/** The grids whose records carry files: an order's drawing, purchase and quality photos. */
export const gridFileTables = ['orders', 'purchase', 'quality'] as const

/**
 * Image and file cells: `files` holds the record's files as JSON
 * (`[{name, url, thumb?}]`, `#shared/contract/grid-files`); existing records have none. The same
 * statements on SQLite and PostgreSQL.
 */
export function gridFiles(_dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      for (const table of gridFileTables) {
        await db.schema
          .alterTable(table)
          .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
          .execute()
      }
    },
  }
}
