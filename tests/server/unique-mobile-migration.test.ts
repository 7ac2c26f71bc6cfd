import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { migrateToLatest, migrations } from '#server/db/migrate'
import { openPostgres, openSqlite, type Db } from '#server/db/open'
import { createPgDatabase } from './helpers/test-app.ts'

// migration 0016: a database where several accounts share a number keeps it on one
// (not banned, most recent sign-in, then lowest id), clears it on the others and logs each
let db: Db
let cleanup: () => Promise<void>
beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    const pg = await createPgDatabase(process.env.TEST_DATABASE_URL)
    db = await openPostgres(pg.url)
    cleanup = async () => {
      await db.close()
      await pg.drop()
    }
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-mobile-'))
    db = await openSqlite(dir)
    cleanup = async () => {
      await db.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }
})
afterAll(() => cleanup())

it('0016 leaves one holder per number, normalises +86 forms and logs every cleared account', async () => {
  const all = migrations(db.dialect)
  const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '0016'))
  await migrateToLatest(db.db, db.dialect, before)
  const at = (d: string) => `2026-${d}T08:00:00.000Z`
  const user = (login: string, mobile: string, ban = 0) => ({
    login_name: login,
    real_name: '',
    nick_name: '',
    mobile,
    email: '',
    role: '',
    department_id: null,
    ban,
    avatar: '',
    password_hash: 'x',
    must_change_password: 0,
    created_at: at('01-01'),
  })
  await db.db
    .insertInto('users')
    .values([
      user('old-a', '13900000001'), // lowest id, signed in long ago
      user('recent-b', '+86 139-0000-0001'), // same number, signed in last
      user('banned-c', '8613900000001', 1), // banned: never keeps it
      user('tie-d', '13900000002'), // no sign-in: the lowest id keeps it
      user('tie-e', '139 0000 0002'),
      user('alone', '+8613900000003'), // alone: only normalised
      user('landline', '010-12345678'), // no mobile: left alone
      user('none-1', ''),
      user('none-2', ''),
    ])
    .execute()
  const id = async (login: string) =>
    (
      await db.db
        .selectFrom('users')
        .select('id')
        .where('login_name', '=', login)
        .executeTakeFirstOrThrow()
    ).id
  const session = async (login: string, day: string) =>
    db.db
      .insertInto('sessions')
      .values({
        user_id: await id(login),
        family_id: `${login}-${day}`,
        access_hash: `a-${login}-${day}`,
        access_expires_at: at(day),
        refresh_hash: `r-${login}-${day}`,
        refresh_expires_at: at(day),
        rotated_at: null,
        revoked_at: null,
        ip: '',
        created_at: at(day),
        family_started_at: at(day),
      })
      .execute()
  await session('old-a', '02-01')
  await session('recent-b', '03-01')
  await session('banned-c', '04-01')

  await migrateToLatest(db.db, db.dialect)

  const rows = await db.db
    .selectFrom('users')
    .select(['login_name', 'mobile'])
    .orderBy('id')
    .execute()
  expect(Object.fromEntries(rows.map((r) => [r.login_name, r.mobile]))).toEqual({
    'old-a': '',
    'recent-b': '13900000001',
    'banned-c': '',
    'tie-d': '13900000002',
    'tie-e': '',
    alone: '13900000003',
    landline: '010-12345678',
    'none-1': '',
    'none-2': '',
  })
  const logs = await db.db
    .selectFrom('system_log')
    .select(['account', 'result'])
    .where('operation', '=', 'mobile cleared (duplicate)')
    .orderBy('account')
    .execute()
  expect(logs).toEqual([
    { account: 'banned-c', result: 'mobile 13900000001 kept by recent-b (migration 0016)' },
    { account: 'old-a', result: 'mobile 13900000001 kept by recent-b (migration 0016)' },
    { account: 'tie-e', result: 'mobile 13900000002 kept by tie-d (migration 0016)' },
  ])
  // from now on the database refuses a second holder
  await expect(
    db.db
      .updateTable('users')
      .set({ mobile: '13900000001' })
      .where('login_name', '=', 'old-a')
      .execute(),
  ).rejects.toThrow()
})
