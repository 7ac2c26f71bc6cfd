import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, migrations } from '#server/db/migrate'
import { versionedTables } from '#server/db/migrations/0027-row-version'
import { openPostgres, openSqlite, type Db } from '#server/db/open'
import { createPgDatabase } from './helpers/test-app.ts'

/**
 * Migration 0027 on a database that already holds rows (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): every edited row starts at version 1, history written before it has none,
 * and on PostgreSQL the column is added without rewriting the table (its default is kept as the
 * "missing" value of the rows already there: `atthasmissing`), so it is quick on a large database.
 */
let db: Db
let cleanup: () => Promise<void>
beforeAll(async () => {
  const base = process.env.TEST_DATABASE_URL
  if (base) {
    const made = await createPgDatabase(base)
    db = await openPostgres(made.url)
    cleanup = made.drop
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-rv-migrate-'))
    db = await openSqlite(dir)
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true })
  }
})
afterAll(async () => {
  await db.close()
  await cleanup()
})

describe('migration 0027 (row versions)', () => {
  it('gives the rows already stored version 1 and earlier history no version', async () => {
    const { '0027-row-version': _added, ...before } = migrations(db.dialect)
    await migrateToLatest(db.db, db.dialect, before)
    await db.db
      .insertInto('orders')
      .values({ order_no: 'OLD-1', created_at: '2026-01-01T00:00:00.000Z' } as never)
      .execute()
    await db.db
      .insertInto('record_history')
      .values({
        record_type: 'Order',
        record_id: '1',
        at: '2026-01-01T00:00:00.000Z',
        user_id: null,
        user_name: 'old',
        how: 'api',
        action: 'create',
        changes: '[]',
      } as never)
      .execute()
    await migrateToLatest(db.db, db.dialect)
    const order = await db.db
      .selectFrom('orders')
      .select('row_version')
      .where('order_no', '=', 'OLD-1')
      .executeTakeFirstOrThrow()
    expect(order.row_version).toBe(1)
    const h = await db.db
      .selectFrom('record_history')
      .select('row_version')
      .executeTakeFirstOrThrow()
    expect(h.row_version).toBeNull()
    for (const table of versionedTables)
      await sql`select row_version from ${sql.table(table)} limit 1`.execute(db.db)
    if (db.dialect === 'postgres') {
      const r = await sql<{ atthasmissing: boolean }>`
        select a.atthasmissing from pg_attribute a join pg_class c on c.oid = a.attrelid
        where c.relname = 'orders' and a.attname = 'row_version'`.execute(db.db)
      expect(r.rows[0]?.atthasmissing).toBe(true)
    }
  })
})
