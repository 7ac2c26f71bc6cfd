import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openSqlite } from '#server/db/open'
import {
  expectEveryRecord,
  fixtures,
  releases,
  snapshot,
  upgradeAndRead,
} from './helpers/release-upgrade.ts'

/*
 * Each earlier release's SQLite database (and its uploads folder), upgraded by this code: every
 * record reads back and the API serves its orders, history, uploads and accounts.
 * PostgreSQL: release-upgrade-pg.test.ts.
 */

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})

describe.each(releases)('the SQLite database of release %s', (version) => {
  it('upgrades with every record kept and readable', { timeout: 120_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `forgeline-upgrade-${version}-`))
    dirs.push(dataDir)
    fs.copyFileSync(
      path.join(fixtures, `release-${version}.db`),
      path.join(dataDir, 'forgeline.db'),
    )
    fs.cpSync(path.join(fixtures, `release-${version}-uploads`), path.join(dataDir, 'uploads'), {
      recursive: true,
    })
    const db = await openSqlite(dataDir)
    try {
      const before = await snapshot(db)
      expect(before.get('orders')!.length).toBeGreaterThan(0)
      await upgradeAndRead(db, dataDir)
      const records = expectEveryRecord(before, await snapshot(db))
      expect(records).toBeGreaterThan(400)
    } finally {
      await db.close()
    }
  })
})
