import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, expect, it } from 'vitest'
import { migrateToLatest, migrations } from '#server/db/migrate'
import { openPostgres, openSqlite, type Db } from '#server/db/open'
import { createPgDatabase } from './helpers/test-app.ts'

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
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-0019-'))
  const db = await openSqlite(dir)
  cleanup.push(async () => {
    await db.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })
  return db
}

it('migration 0019 fills the copied columns and the counts from the notices already stored', async () => {
  const db = await openFresh()
  const all = migrations(db.dialect)
  const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '0019'))
  await migrateToLatest(db.db, db.dialect, before)
  // the schema as it was: notice_recipient without create_type / created_at
  const users = []
  for (const login of ['m1', 'm2']) {
    const u = await sql<{
      id: number
    }>`insert into users (login_name, real_name, nick_name, mobile, email, role, ban, avatar, password_hash, must_change_password, created_at)
      values (${login}, ${login}, ${login}, '', '', 'staff', 0, '', 'x', 0, '2025-01-01T00:00:00.000Z') returning id`.execute(
      db.db,
    )
    users.push(u.rows[0]!.id)
  }
  for (let i = 0; i < 6; i++) {
    const n = await sql<{
      id: number
    }>`insert into notice (msg, msg_en, create_type, order_id, order_no, created_at)
      values ('m', '', ${i % 3}, 1, 'M', ${`2025-01-0${i + 1}T00:00:00.000Z`}) returning id`.execute(
      db.db,
    )
    for (const [k, user] of users.entries())
      await sql`insert into notice_recipient (notice_id, user_id, is_read, read_at) values (${n.rows[0]!.id}, ${user}, ${(i + k) % 2}, null)`.execute(
        db.db,
      )
  }
  await migrateToLatest(db.db, db.dialect, all)

  const copied = await db.db
    .selectFrom('notice_recipient')
    .innerJoin('notice', 'notice.id', 'notice_recipient.notice_id')
    .select([
      'notice.create_type as want',
      'notice_recipient.create_type as got',
      'notice.created_at as wantAt',
      'notice_recipient.created_at as gotAt',
    ])
    .execute()
  expect(copied).toHaveLength(12)
  for (const r of copied) expect([r.got, r.gotAt]).toEqual([r.want, r.wantAt])
  const counts = await db.db
    .selectFrom('notice_count')
    .select(['user_id', 'create_type', 'unread', 'total'])
    .orderBy('user_id')
    .orderBy('create_type')
    .execute()
  // per user: types 0, 1, 2 with two notices each; user k has notice i unread when (i + k) is even
  expect(counts.map((c) => [c.user_id, c.create_type, Number(c.unread), Number(c.total)])).toEqual([
    [users[0], 0, 1, 2],
    [users[0], 1, 1, 2],
    [users[0], 2, 1, 2],
    [users[1], 0, 1, 2],
    [users[1], 1, 1, 2],
    [users[1], 2, 1, 2],
  ])
  // and the triggers keep them from there
  await db.db
    .updateTable('notice_recipient')
    .set({ is_read: 1 })
    .where('user_id', '=', users[0]!)
    .execute()
  const after = await db.db
    .selectFrom('notice_count')
    .select((eb) => eb.fn.sum<number>('unread').as('u'))
    .where('user_id', '=', users[0]!)
    .executeTakeFirstOrThrow()
  expect(Number(after.u)).toBe(0)
})
