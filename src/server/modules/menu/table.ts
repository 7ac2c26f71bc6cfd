import type { Generated, Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

/** Row of the `menu` table (migration 0003-menu); booleans are 0/1, meta and permission JSON text. */
export interface MenuTable {
  id: Generated<number>
  parent_id: number | null
  path: string
  name: string
  component: string
  redirect: string
  hidden: number
  always_show: number
  menu_hidden: number
  meta: string
  /** JSON of a shared/acl Requirement; null: any signed-in user */
  permission: string | null
  sort: number
}

/** The table as the database has it: `row_version` is raised by one on every write (DESIGN §11). */
type StoredMenu = MenuTable & { row_version: Generated<number> }

export type MenuDb = Kysely<Database & { menu: StoredMenu }>

/** The database seen with the menu table. */
export const withMenu = (db: Kysely<Database>): MenuDb => db.withTables<{ menu: StoredMenu }>()
