import type { Kysely } from 'kysely'
import type { Dialect } from './column-types.ts'

/**
 * Column preferences per user and grid: `prefs` is the JSON `{order, hidden}` the
 * contract (`#shared/contract/column-prefs`) checked. The same statements on SQLite and PostgreSQL.
 */
export function columnPrefs(_dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('column_prefs')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('grid', 'text', (c) => c.notNull())
        .addColumn('prefs', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('column_prefs_pk', ['user_id', 'grid'])
        .execute()
    },
  }
}
