import type { Kysely } from 'kysely'
import { grantMenusByAbilities, materializeMenuRequirements } from '../role-menu-grants.ts'
import { withId, type Dialect } from './column-types.ts'

/**
 * System settings: the menu entries each role holds (`role_menu`), the grid
 * permission strings of each role (SPEC §6 `button-add-show-true`), and the department tree.
 * Existing roles get the entries their abilities opened until now, so nothing changes for them.
 */
export function system(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('roles')
        .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute()
      await db.schema
        .createTable('role_menu')
        .addColumn('role_code', 'text', (c) =>
          c.notNull().references('roles.code').onDelete('cascade'),
        )
        .addColumn('menu_id', 'integer', (c) =>
          c.notNull().references('menu.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('role_menu_pk', ['role_code', 'menu_id'])
        .execute()
      await db.schema.createIndex('role_menu_menu').on('role_menu').column('menu_id').execute()
      await withId(db.schema.createTable('department'), dialect)
        .addColumn('parent_id', 'integer', (c) => c.references('department.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('department_parent_sort')
        .on('department')
        .columns(['parent_id', 'sort'])
        .execute()
      await db.schema.createIndex('system_log_account').on('system_log').column('account').execute()
      await grantMenusByAbilities(db)
      await materializeMenuRequirements(db)
    },
  }
}
