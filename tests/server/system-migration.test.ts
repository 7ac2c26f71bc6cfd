import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Migrator, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { can, subjectOf, type Requirement } from '#shared/acl'
import { migrateToLatest } from '#server/db/migrate'
import { init } from '#server/db/migrations/0001-init'
import { wechat } from '#server/db/migrations/0002-wechat'
import { menu } from '#server/db/migrations/0003-menu'
import { orderGrids } from '#server/db/migrations/0004-order-grids'
import { openPostgres, openSqlite, type Db } from '#server/db/open'
import type { Database } from '#server/db/schema'
import { staffMenu } from '#shared/staff-menu'
import { builtinRoles } from '#server/db/seed/roles'
import { filterMenu, loadMenuTree } from '#server/modules/menu/repository'
import { heldMenuIds } from '#server/modules/system/role-access'
import { createPgDatabase } from './helpers/test-app.ts'

type Item = (typeof staffMenu)[number]
let dir = ''
let db: Db
let dropPg: (() => Promise<void>) | undefined
// the PostgreSQL run (TEST_DATABASE_URL) upgrades a PostgreSQL database, the default run SQLite
const dialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'

/** What the menu showed before roles held entries: each item by its own requirement. */
function oldLeaves(items: Item[], role: string, abilities: string[]): string[] {
  const subject = subjectOf(role, abilities)
  return items.flatMap((i) => {
    if (!can(subject, (i.permission ?? undefined) as Requirement | undefined)) return []
    return i.children ? oldLeaves(i.children, role, abilities) : [i.path]
  })
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema before migration 0005
async function insertMenu(k: Kysely<any>, items: Item[], parent: number | null) {
  let sort = 0
  for (const item of items) {
    const row = (await k
      .insertInto('menu')
      .values({
        parent_id: parent,
        path: item.path,
        name: item.name,
        component: item.component,
        redirect: item.redirect ?? '',
        hidden: item.hidden ? 1 : 0,
        always_show: item.alwaysShow ? 1 : 0,
        menu_hidden: item.menuHidden ? 1 : 0,
        meta: JSON.stringify(item.meta),
        permission: item.permission ? JSON.stringify(item.permission) : null,
        sort: (sort += 10),
      })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number }
    if (item.children) await insertMenu(k, item.children, row.id)
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-mig-'))
  if (process.env.TEST_DATABASE_URL) {
    const pg = await createPgDatabase(process.env.TEST_DATABASE_URL)
    dropPg = pg.drop
    db = await openPostgres(pg.url)
  } else {
    db = await openSqlite(dir)
  }
  expect(db.dialect).toBe(dialect)
  // an installation of the release before: migrations 0001-0004, roles (and a custom one), the menu
  const before = new Migrator({
    db: db.db,
    provider: {
      getMigrations: async () => ({
        '0001-init': init(dialect),
        '0002-wechat': wechat(dialect),
        '0003-menu': menu(dialect),
        '0004-order-grids': orderGrids(dialect),
      }),
    },
  })
  expect((await before.migrateToLatest()).error).toBeUndefined()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the old schema has no permissions column
  const old = db.db as unknown as Kysely<any>
  await old
    .insertInto('roles')
    .values(
      builtinRoles.map(({ code, name, name_en, abilities, builtin }) => ({
        code,
        name,
        name_en,
        abilities,
        builtin,
      })),
    )
    .execute()
  await old
    .insertInto('roles')
    .values({
      code: 'auditor',
      name: '审核',
      name_en: 'Auditor',
      abilities: JSON.stringify(['READ', 'AUDIT', 'ORDERS']),
      builtin: 0,
    })
    .execute()
  await insertMenu(old, staffMenu, null)
  await migrateToLatest(db.db as Kysely<Database>, dialect)
})
afterAll(async () => {
  await db.close()
  await dropPg?.()
  fs.rmSync(dir, { recursive: true, force: true })
})

const leaves = (items: { path: string; children?: unknown[] }[]): string[] =>
  items.flatMap((i) => (i.children ? leaves(i.children as typeof items) : [i.path]))

describe('migration 0005 on an existing installation', () => {
  it('gives every role the menu entries its abilities opened, so every menu stays the same', async () => {
    const tree = await loadMenuTree(db.db)
    for (const role of [...builtinRoles.map((r) => r.code), 'auditor']) {
      const abilities =
        role === 'auditor'
          ? ['READ', 'AUDIT', 'ORDERS']
          : (JSON.parse(builtinRoles.find((r) => r.code === role)!.abilities) as string[])
      const now = leaves(
        filterMenu(tree, subjectOf(role, abilities), await heldMenuIds(db.db, role)),
      )
      expect(now.sort(), role).toEqual(oldLeaves(staffMenu, role, abilities).sort())
    }
    const staffNow = leaves(
      filterMenu(tree, subjectOf('staff', ['READ', 'ORDERS']), await heldMenuIds(db.db, 'staff')),
    )
    expect(staffNow).toContain('/supplier/quality')
    expect(staffNow).not.toContain('/admin/lunbo')
  })

  it("writes each entry's inherited requirement onto it; open entries stay open", async () => {
    const menu = db.db.withTables<{ menu: { path: string; permission: string | null } }>()
    const of = async (p: string) =>
      (
        await menu
          .selectFrom('menu')
          .select('permission')
          .where('path', '=', p)
          .executeTakeFirstOrThrow()
      ).permission
    expect(JSON.parse((await of('/admin/lunbo'))!)).toEqual({ ability: ['CONTENT'] })
    expect(JSON.parse((await of('/supplier/quality'))!)).toEqual({ ability: ['ORDERS'] })
    expect(await of('/workbench')).toBeNull()
    expect(await of('/setting/personalCenter')).toBeNull()
  })

  it('adds the permission strings of roles and the department table', async () => {
    const roles = await db.db.selectFrom('roles').select(['code', 'permissions']).execute()
    expect(roles.every((r) => r.permissions === '[]')).toBe(true)
    expect(await db.db.selectFrom('department').selectAll().execute()).toEqual([])
  })
})
