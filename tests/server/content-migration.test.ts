import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Migrator, type Kysely } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { migrateToLatest } from '#server/db/migrate'
import type { Dialect } from '#server/db/migrations/column-types'
import { init } from '#server/db/migrations/0001-init'
import { wechat } from '#server/db/migrations/0002-wechat'
import { menu } from '#server/db/migrations/0003-menu'
import { orderGrids } from '#server/db/migrations/0004-order-grids'
import { system } from '#server/db/migrations/0005-system'
import { openPostgres, openSqlite, type Db } from '#server/db/open'
import type { Database } from '#server/db/schema'
import { createPgDatabase } from './helpers/test-app.ts'

/**
 * Migration 0006 on an installation of the release before: spec values that held
 * both languages in one string ("调质 / Q&T") are parted into Value and ValueEn; news and
 * equipment get an empty gallery. On SQLite always, on PostgreSQL when TEST_DATABASE_URL is set.
 */
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
})

async function openFresh(dialect: Dialect): Promise<Db> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-mig6-'))
    const db = await openSqlite(dir)
    cleanups.push(async () => (await db.close(), fs.rmSync(dir, { recursive: true, force: true })))
    return db
  }
  const made = await createPgDatabase(process.env.TEST_DATABASE_URL!)
  const db = await openPostgres(made.url)
  cleanups.push(async () => (await db.close(), await made.drop()))
  return db
}

const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

describe.each(dialects)('migration 0006 (%s)', (dialect) => {
  it('parts two-language spec values, keeps the others, and adds empty galleries', async () => {
    const db = await openFresh(dialect)
    const before = new Migrator({
      db: db.db,
      provider: {
        getMigrations: async () => ({
          '0001-init': init(dialect),
          '0002-wechat': wechat(dialect),
          '0003-menu': menu(dialect),
          '0004-order-grids': orderGrids(dialect),
          '0005-system': system(dialect),
        }),
      },
    })
    expect((await before.migrateToLatest()).error).toBeUndefined()
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema before migration 0006
    const old = db.db as unknown as Kysely<any>
    const now = new Date().toISOString()
    const cat = (await old
      .insertInto('product_category')
      .values({ title: '曲轴', title_en: 'Crankshafts', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number }
    const oldSpecs = [
      { Name: '热处理', NameEn: 'Heat treatment', Value: '渗碳淬火 / Carburising and hardening' },
      { Name: '材料', NameEn: 'Material', Value: '42CrMo4' },
      { Name: '速比', NameEn: 'Ratios', Value: '4.11 / 4.55' },
    ]
    await old
      .insertInto('product')
      .values({
        category_id: cat.id,
        title: '曲轴',
        specs: JSON.stringify(oldSpecs),
        created_at: now,
        updated_at: now,
      })
      .execute()
    await old
      .insertInto('product')
      .values({
        category_id: cat.id,
        title: '坏数据',
        specs: 'not json',
        created_at: now,
        updated_at: now,
      })
      .execute()
    await old.insertInto('news').values({ title: '新闻', published_at: now }).execute()
    await old.insertInto('equipment').values({ name: '压力机' }).execute()

    await migrateToLatest(db.db as Kysely<Database>, dialect)
    const products = await db.db
      .selectFrom('product')
      .select(['title', 'specs'])
      .orderBy('id')
      .execute()
    expect(JSON.parse(products[0]!.specs)).toEqual([
      {
        Name: '热处理',
        NameEn: 'Heat treatment',
        Value: '渗碳淬火',
        ValueEn: 'Carburising and hardening',
      },
      { Name: '材料', NameEn: 'Material', Value: '42CrMo4', ValueEn: '' },
      { Name: '速比', NameEn: 'Ratios', Value: '4.11 / 4.55', ValueEn: '' },
    ])
    expect(products[1]!.specs).toBe('not json')
    expect(
      (await db.db.selectFrom('news').select('gallery').executeTakeFirstOrThrow()).gallery,
    ).toBe('[]')
    expect(
      (await db.db.selectFrom('equipment').select('gallery').executeTakeFirstOrThrow()).gallery,
    ).toBe('[]')
  })
})
