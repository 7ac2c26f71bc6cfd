import { sql, type Kysely, type Migration } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, migrations } from '#server/db/migrate'
import { openPostgres, type Db } from '#server/db/open'
import type { Database } from '#server/db/schema'
import { createTestApp, postgresForTests, type TestApp } from './helpers/test-app.ts'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test tables are not in the app schema
type AnyDb = Kysely<any>

const applied = async (db: Kysely<Database>) =>
  (
    (await (db as unknown as AnyDb).selectFrom('kysely_migration').select('name').execute()) as {
      name: string
    }[]
  ).map((r) => r.name)

/** Whether a table exists, asked in a way both dialects answer. */
async function tableExists(db: Kysely<Database>, name: string): Promise<boolean> {
  try {
    await sql`select count(*) from ${sql.table(name)}`.execute(db)
    return true
  } catch {
    return false
  }
}

/** A migration that creates a table, writes to it and then fails: the kill or crash half-way. */
const halfway: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('half_done').addColumn('id', 'integer').execute()
    await db.insertInto('half_done').values({ id: 1 }).execute()
    throw new Error('interrupted half-way')
  },
}
const whole: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('half_done').addColumn('id', 'integer').execute()
    await db.insertInto('half_done').values({ id: 1 }).execute()
  },
}

describe('migrations on the database of this run (SQLite, or PostgreSQL under test:pg)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('a migration that fails half-way leaves neither its changes nor its bookkeeping row; the next run completes it', async () => {
    const list = migrations(t.db.dialect)
    await expect(
      migrateToLatest(t.db.db, t.db.dialect, { ...list, '9000-test-halfway': halfway }),
    ).rejects.toThrow(/Database migration 9000-test-halfway failed: Error: interrupted half-way/)
    expect(await tableExists(t.db.db, 'half_done')).toBe(false)
    expect(await applied(t.db.db)).not.toContain('9000-test-halfway')
    // everything before it stays applied
    expect(await applied(t.db.db)).toEqual(expect.arrayContaining(Object.keys(list)))

    await migrateToLatest(t.db.db, t.db.dialect, { ...list, '9000-test-halfway': whole })
    expect(await applied(t.db.db)).toContain('9000-test-halfway')
    const rows = await (t.db.db as unknown as AnyDb).selectFrom('half_done').selectAll().execute()
    expect(rows).toHaveLength(1)
  })

  it('running again changes nothing, and a database migrated by a newer version is refused with a clear message', async () => {
    const before = await applied(t.db.db)
    await migrateToLatest(t.db.db, t.db.dialect, {
      ...migrations(t.db.dialect),
      '9000-test-halfway': whole,
    })
    expect(await applied(t.db.db)).toEqual(before)
    await expect(migrateToLatest(t.db.db, t.db.dialect)).rejects.toThrow(
      /9000-test-halfway is newer than this version/,
    )
  })

  it('every shipped migration is recorded once', async () => {
    const names = await applied(t.db.db)
    for (const name of Object.keys(migrations(t.db.dialect)))
      expect(names.filter((n) => n === name)).toHaveLength(1)
  })
})

describe('PostgreSQL instances that start together', () => {
  let t: TestApp
  const others: Db[] = []
  beforeAll(async () => {
    t = await createTestApp({}, { pgBase: postgresForTests() })
  })
  afterAll(async () => {
    await Promise.all(others.map((d) => d.close()))
    await t.close()
  })

  it('take turns: each new migration runs once, in one transaction, and all of them start', async () => {
    for (let i = 0; i < 3; i++) others.push(await openPostgres(t.config.databaseUrl!))
    let runs = 0
    const counted: Migration = {
      async up(db: AnyDb) {
        runs++
        await db.schema.createTable('turns').addColumn('id', 'integer').execute()
        await db.insertInto('turns').values({ id: runs }).execute()
      },
    }
    const list = { ...migrations('postgres'), '9001-test-turns': counted }
    await Promise.all([t.db, ...others].map((d) => migrateToLatest(d.db, 'postgres', list)))
    expect(runs).toBe(1)
    expect(
      await (t.db.db as unknown as AnyDb).selectFrom('turns').selectAll().execute(),
    ).toHaveLength(1)
    expect((await applied(t.db.db)).filter((n) => n === '9001-test-turns')).toHaveLength(1)
  })
})
