import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { expect } from 'vitest'
import { buildApp } from '#server/app'
import { loadConfig } from '#server/config'
import { migrateToLatest } from '#server/db/migrate'
import type { Db } from '#server/db/open'
import { seedDatabase } from '#server/db/seed/seed'

/*
 * The database of an earlier release (tests/fixtures/release-<version>*, made by
 * scripts/release-fixture.mts on the commit released) upgraded by this code: every record it held
 * reads back, and the API reads its orders, history, uploads and accounts.
 */

export const fixtures = path.resolve(import.meta.dirname, '../../fixtures')
/** Every release whose database later releases must upgrade (CHANGELOG.md "Upgrades"). */
export const releases = ['0.1.0']
/** The passwords scripts/release-fixture.mts gave the accounts. */
export const fixturePasswords = { admin: 'release-admin-pass-1', editor: 'release-editor-pass-1' }

/** Search indexes and counters that are derived or expire: not records. */
const notRecords = (t: string) =>
  t.startsWith('sqlite_') || t.includes('_fts') || t === 'rate_limit'

type Snapshot = Map<string, Record<string, unknown>[]>

/** Every row of every table, as stored. */
export async function snapshot(db: Db): Promise<Snapshot> {
  const tables =
    db.dialect === 'sqlite'
      ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(
          db.db,
        )
      : await sql<{
          name: string
        }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(
          db.db,
        )
  const out: Snapshot = new Map()
  for (const { name } of tables.rows) {
    if (notRecords(name)) continue
    const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(db.db)
    out.set(name, rows.rows)
  }
  return out
}

const key = (row: Record<string, unknown>, columns: string[]) =>
  JSON.stringify(
    columns.map((c) => (row[c] instanceof Date ? (row[c] as Date).toISOString() : row[c])),
  )

/** Every old row is still there with the values it had (new columns and new rows may be added). */
export function expectEveryRecord(before: Snapshot, after: Snapshot) {
  const missing: string[] = []
  let records = 0
  for (const [table, rows] of before) {
    const now = after.get(table)
    if (!now) {
      missing.push(`${table}: the table is gone`)
      continue
    }
    if (rows.length === 0) continue
    const columns = Object.keys(rows[0]!)
    const present = new Set(now.map((r) => key(r, columns)))
    for (const r of rows) {
      records++
      if (!present.has(key(r, columns))) missing.push(`${table}: ${key(r, columns)}`)
    }
  }
  expect(missing).toEqual([])
  return records
}

/** Migrates and starts the app (no pruning: the fixture's sessions are old) and reads through the API. */
export async function upgradeAndRead(db: Db, dataDir: string, databaseUrl?: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  })
  await migrateToLatest(db.db, db.dialect)
  const printed: string[] = []
  await seedDatabase(db, config, (l) => printed.push(l))
  // the fixture's accounts were seeded already: nothing is created again
  expect(printed).toEqual([])
  const app = await buildApp({ config, db })
  try {
    const post = async (url: string, payload: unknown, token?: string) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/${url}`,
        payload: payload as Record<string, unknown>,
        headers: { lang: 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      })
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several calls, checked field by field
      return res.json() as { code: number; msg: string; data: any }
    }
    const login = await post('User/Login', {
      username: 'admin',
      password: fixturePasswords.admin,
    })
    expect(login.code, login.msg).toBe(200)
    const token = login.data.Token as string
    const orders = await post(
      'Order/GetList',
      { pageIndex: 1, pageSize: 10, keyword: 'REL-0001' },
      token,
    )
    expect(orders.code, orders.msg).toBe(200)
    expect(orders.data.result).toHaveLength(1)
    expect(orders.data.result[0]).toMatchObject({ OrderNo: 'REL-0001', Quantity: 15 })
    const history = await post(
      'History/GetList',
      { recordType: 'Order', recordId: orders.data.result[0].Id },
      token,
    )
    expect(history.code, history.msg).toBe(200)
    expect(history.data.result.map((e: { Action: string }) => e.Action).sort()).toEqual([
      'create',
      'update',
    ])
    // SQLite keeps uploads in DATA_DIR/uploads, PostgreSQL in the database
    const uploads =
      db.dialect === 'sqlite'
        ? (fs.readdirSync(path.join(dataDir, 'uploads'), { recursive: true }) as string[]).filter(
            (f) => f.endsWith('.png'),
          )
        : (await sql<{ p: string }>`SELECT path AS p FROM upload_file`.execute(db.db)).rows.map(
            (r) => r.p,
          )
    expect(uploads.length).toBeGreaterThan(0)
    for (const u of uploads) {
      const res = await app.inject(`/uploads/${u}`)
      expect(res.statusCode, u).toBe(200)
      expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG')
    }
  } finally {
    await app.close()
  }
}
