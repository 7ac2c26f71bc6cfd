import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSqlite, sqliteFileName, type Db } from '#server/db/open'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

/**
 * The embedded database's WAL stays bounded under writes that never pause: past half the bound
 * (SQLITE_WAL_MAX_MB; 4 MB here) the writer waits for a TRUNCATE checkpoint between two
 * transactions, so the WAL never passes the bound. Without it a writer
 * that never paused grew the WAL to 18 GB (seed:large at scale 5). Bounded: 25 s of writing.
 * On PostgreSQL (no WAL file of ours) the same writes go through the app's database as usual.
 */
const bound = 4 * 1024 * 1024
const writeForMs = 25_000

let t: TestApp | undefined
let dir = ''
let db: Db
beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    t = await createTestApp({ SEED_DEMO: 'false' })
    db = t.db
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-wal-'))
    db = await openSqlite(dir, { walMaxBytes: bound })
  }
  await sql`create table wal_load (id integer primary key, body text not null)`.execute(db.db)
})
afterAll(async () => {
  if (t) await t.close()
  else {
    await db?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

async function writeBatch(k: Kysely<unknown>, from: number) {
  const rows = Array.from(
    { length: 200 },
    (_, i) => `(${from + i}, '${'x'.repeat(900)}${from + i}')`,
  )
  await k.transaction().execute(async (trx) => {
    await sql.raw(`insert into wal_load (id, body) values ${rows.join(',')}`).execute(trx)
  })
}

describe('writes that never pause', () => {
  it('keep the WAL under its bound, and every row is there', { timeout: 90_000 }, async () => {
    const wal = path.join(dir, `${sqliteFileName}-wal`)
    const walSize = () => (t ? 0 : fs.existsSync(wal) ? fs.statSync(wal).size : 0)
    let largest = 0
    let written = 0
    const end = Date.now() + writeForMs
    while (Date.now() < end) {
      await writeBatch(db.db as unknown as Kysely<unknown>, written)
      written += 200
      largest = Math.max(largest, walSize())
    }
    const count = await sql<{ n: number }>`select count(*) as n from wal_load`.execute(db.db)
    expect(Number(count.rows[0]!.n)).toBe(written)
    if (t) return
    // the loop wrote many times the bound, the WAL never held much more than the bound
    expect(written * 900).toBeGreaterThan(5 * bound)
    expect(largest).toBeGreaterThan(bound / 4)
    expect(largest).toBeLessThanOrEqual(bound)
    const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db.db)
    expect(check.rows).toEqual([{ integrity_check: 'ok' }])
  })
})
