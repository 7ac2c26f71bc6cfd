import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config'
import { seedDatabase } from '#server/db/seed/seed'
import { createTestApp } from './helpers/test-app.ts'

/*
 * Generated first-start passwords: printed once, and written once to a 0600 file in the seeding
 * instance's DATA_DIR (never into the database, which other instances share); every later start,
 * of this instance or another on the same database, names the seeding instance and that file.
 */

describe(`first-start passwords file (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('is 0600 in the seeding DATA_DIR, not in the database, and every start names it', async () => {
    const t = await createTestApp({
      ADMIN_PASSWORD: '',
      EDITOR_PASSWORD: '',
      STAFF_PASSWORD: 'staff-given-pass-1',
      SEED_DEMO: 'false',
    })
    try {
      const printed = t.printed.join('\n')
      const admin = /admin\s+(\S+)/.exec(printed)![1]!
      const file = path.join(t.dataDir, 'first-start-passwords.txt')
      expect(printed).toContain(`They are also in ${file} (mode 0600)`)
      expect(fs.statSync(file).mode & 0o777).toBe(0o600)
      const text = fs.readFileSync(file, 'utf8')
      expect(text).toContain(admin)
      expect(text).toMatch(/editor\s+\S+/)
      expect(text).not.toContain('staff-given-pass-1')
      // nothing of the password is in the shared database
      const meta = await t.db.db.selectFrom('app_meta').select(['key', 'value']).execute()
      expect(meta.filter((m) => m.value.includes(admin))).toEqual([])
      // a second instance (its own DATA_DIR) on the same database: told who seeded and where
      const other: string[] = []
      await seedDatabase(
        t.db,
        loadConfig({ DATA_DIR: path.join(t.dataDir, 'other'), PORT: '8082' }),
        (l) => other.push(l),
      )
      expect(other).toHaveLength(1)
      expect(other[0]).toContain(`DATA_DIR ${t.dataDir}`)
      expect(other[0]).toContain(`its generated passwords are in ${file} on that machine`)
      expect(other[0]).not.toContain(admin)
      expect(fs.existsSync(path.join(t.dataDir, 'other'))).toBe(false)
    } finally {
      await t.close()
    }
  })
})
