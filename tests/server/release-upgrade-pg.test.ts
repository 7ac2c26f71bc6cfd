import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { openPostgres } from '#server/db/open'
import { createPgDatabase, postgresForTests } from './helpers/test-app.ts'
import {
  expectEveryRecord,
  fixtures,
  releases,
  snapshot,
  upgradeAndRead,
} from './helpers/release-upgrade.ts'

/*
 * Each earlier release's PostgreSQL database (a pg_dump committed under tests/fixtures), loaded
 * into a fresh database and upgraded by this code: every record reads back and the API serves
 * its orders, history, uploads and accounts.
 */

const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
})

describe.each(releases)('the PostgreSQL database of release %s', (version) => {
  it('upgrades with every record kept and readable', { timeout: 120_000 }, async () => {
    const made = await createPgDatabase(postgresForTests())
    cleanups.push(made.drop)
    const dump = fs.readFileSync(path.join(fixtures, `release-${version}-pg.sql`), 'utf8')
    const client = new pg.Client({ connectionString: made.url })
    await client.connect()
    try {
      await client.query(dump)
    } finally {
      await client.end()
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `forgeline-upgrade-pg-${version}-`))
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
    const db = await openPostgres(made.url)
    try {
      const before = await snapshot(db)
      expect(before.get('orders')!.length).toBeGreaterThan(0)
      await upgradeAndRead(db, dataDir, made.url)
      const records = expectEveryRecord(before, await snapshot(db))
      expect(records).toBeGreaterThan(400)
    } finally {
      await db.close()
    }
  })
})
