import type { Kysely } from 'kysely'
import { withId, type Dialect } from './column-types.ts'

/** The staff menu tree (SPEC §3 route fields): what each user sees in the menu and may open. */
export function menu(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('menu'), dialect)
        .addColumn('parent_id', 'integer', (c) => c.references('menu.id').onDelete('cascade'))
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('component', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('redirect', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('always_show', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('menu_hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('permission', 'text')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema
        .createIndex('menu_parent_sort')
        .on('menu')
        .columns(['parent_id', 'sort'])
        .execute()
    },
  }
}
