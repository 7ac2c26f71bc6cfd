import type { Kysely } from 'kysely'
import type { Dialect } from './column-types.ts'

/**
 * Departments get an English name (bilingual demo data). Empty means "use the
 * Chinese name". The same statement on SQLite and PostgreSQL.
 */
export function departmentNameEn(_dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('department')
        .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
    },
  }
}
