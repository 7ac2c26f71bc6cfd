import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, expect, it } from 'vitest'
import { migrateToLatest, migrations } from '#server/db/migrate'
import { openPostgres, openSqlite, type Db } from '#server/db/open'
import { createPgDatabase } from './helpers/test-app.ts'

/**
 * The migration that ties push subscriptions to sessions, on a database that already has
 * subscriptions: each is linked to the newest live session of its sign-in, those whose sign-in
 * ended are deleted, and from then on revoking or deleting a session takes its subscription.
 * Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const cleanup: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const c of cleanup.reverse()) await c()
})

async function openFresh(): Promise<Db> {
  const base = process.env.TEST_DATABASE_URL
  if (base) {
    const pg = await createPgDatabase(base)
    const db = await openPostgres(pg.url)
    cleanup.push(async () => {
      await db.close()
      await pg.drop()
    })
    return db
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-push-session-'))
  const db = await openSqlite(dir)
  cleanup.push(async () => {
    await db.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })
  return db
}

const iso = (ms: number) => new Date(ms).toISOString()

it('runs after the earlier migrations and links existing subscriptions to their live session', async () => {
  const db = await openFresh()
  const all = migrations(db.dialect)
  // migrations run in the order of their names: every 0027 one before this
  const names = Object.keys(all).sort()
  expect(names.indexOf('0028-push-session')).toBe(names.filter((n) => n < '0028').length)
  const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '0028'))
  await migrateToLatest(db.db, db.dialect, before)
  const user = await sql<{ id: number }>`insert into users (login_name, real_name, nick_name,
      mobile, email, role, ban, avatar, password_hash, must_change_password, created_at)
    values ('mig', 'mig', 'mig', '', '', 'staff', 0, '', 'x', 0, ${iso(Date.now())}) returning id`.execute(
    db.db,
  )
  const userId = user.rows[0]!.id
  const later = iso(Date.now() + 3_600_000)
  const session = async (
    family: string,
    n: number,
    ended: { revoked?: boolean; expired?: boolean },
  ) =>
    (
      await sql<{
        id: number
      }>`insert into sessions (user_id, family_id, access_hash, access_expires_at,
          refresh_hash, refresh_expires_at, rotated_at, revoked_at, ip, created_at, family_started_at)
        values (${userId}, ${family}, ${`a-${family}-${n}`}, ${later}, ${`r-${family}-${n}`},
          ${ended.expired ? iso(Date.now() - 1000) : later}, null,
          ${ended.revoked ? iso(Date.now()) : null}, '127.0.0.1', ${iso(Date.now())}, ${iso(Date.now())})
        returning id`.execute(db.db)
    ).rows[0]!.id
  await session('live', 1, {})
  const liveHead = await session('live', 2, {})
  await session('revoked', 1, { revoked: true })
  await session('expired', 1, { expired: true })
  for (const family of ['live', 'revoked', 'expired', 'gone'])
    await sql`insert into push_subscription (user_id, family_id, endpoint, p256dh, auth, lang, created_at)
      values (${userId}, ${family}, ${`https://push.example/${family}`}, 'p', 'a', 'en', ${iso(Date.now())})`.execute(
      db.db,
    )

  await migrateToLatest(db.db, db.dialect, all)
  const rows = await db.db
    .selectFrom('push_subscription')
    .select(['family_id', 'session_id'])
    .execute()
  expect(rows).toEqual([{ family_id: 'live', session_id: liveHead }])

  // revoking the session (any statement) takes the subscription with it
  await db.db
    .updateTable('sessions')
    .set({ revoked_at: iso(Date.now()) })
    .where('id', '=', liveHead)
    .execute()
  expect(await db.db.selectFrom('push_subscription').select('id').execute()).toEqual([])

  // deleting a session (the prune) too, by the foreign key
  const other = await session('other', 1, {})
  await db.db
    .insertInto('push_subscription')
    .values({
      user_id: userId,
      family_id: 'other',
      session_id: other,
      endpoint: 'https://push.example/other',
      p256dh: 'p',
      auth: 'a',
      lang: 'en',
      created_at: iso(Date.now()),
    })
    .execute()
  await db.db.deleteFrom('sessions').where('id', '=', other).execute()
  expect(await db.db.selectFrom('push_subscription').select('id').execute()).toEqual([])
})
