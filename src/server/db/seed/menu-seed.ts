import type { Kysely } from 'kysely'
import { staffMenu, type SeedItem } from '#shared/staff-menu'
import { withMenu } from '../../modules/menu/table.ts'
import type { Database } from '../schema.ts'
import { grantMenusByAbilities, materializeMenuRequirements } from '../role-menu-grants.ts'

async function insertItems(
  db: ReturnType<typeof withMenu>,
  items: SeedItem[],
  parentId: number | null,
) {
  let sort = 0
  for (const item of items) {
    sort += 10
    const row = await db
      .insertInto('menu')
      .values({
        parent_id: parentId,
        path: item.path,
        name: item.name,
        component: item.component,
        redirect: item.redirect ?? '',
        hidden: item.hidden ? 1 : 0,
        always_show: item.alwaysShow ? 1 : 0,
        menu_hidden: item.menuHidden ? 1 : 0,
        meta: JSON.stringify(item.meta),
        permission: item.permission ? JSON.stringify(item.permission) : null,
        sort,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (item.children) await insertItems(db, item.children, row.id)
  }
}

const menuSeedKey = 'menu_seeded_at'

/**
 * Seeds the staff menu once per database, demo or not. Runs on every start, so installations
 * seeded before the menu existed get it too; an app_meta claim makes it happen once even when
 * several instances start together, and a table that already has rows is left alone.
 */
export async function seedMenu(db: Kysely<Database>): Promise<void> {
  const done = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', menuSeedKey)
    .executeTakeFirst()
  if (done) return
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('app_meta')
      .values({ key: menuSeedKey, value: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst()
    if (!claimed) return
    const menu = withMenu(trx)
    if (await menu.selectFrom('menu').select('id').limit(1).executeTakeFirst()) return
    await insertItems(menu, staffMenu, null)
    // roles that existed before the menu get the entries their abilities open
    await grantMenusByAbilities(trx)
    await materializeMenuRequirements(trx)
  })
}
