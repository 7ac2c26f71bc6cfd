import { CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { noticeTypes } from '#shared/contract/notices'
import { pruneOnce } from '#server/maintenance/prune'
import {
  noticeCountsQuery,
  noticePageQuery,
  type NoticeListQuery,
} from '#server/modules/notices/repository'
import { issueTokens } from '#server/modules/auth/session-repository'
import { createTestApp, type TestApp } from './helpers/test-app.ts'
import { postCommon } from './helpers/system-calls.ts'

/** The badge, the unread, read and all lists, as the bell and /workbench ask for them. */
const lists: Record<string, NoticeListQuery> = {
  badge: { pageIndex: 1, pageSize: 10, isAll: false },
  read: { pageIndex: 1, pageSize: 10, isAll: true, isRead: true },
  all: { pageIndex: 1, pageSize: 20, isAll: true },
  deep: { pageIndex: 500, pageSize: 20, isAll: true },
  type: { pageIndex: 1, pageSize: 20, isAll: true, createType: 2 },
}

let t: TestApp
const users: Record<string, { id: number; token: string }> = {}

async function sessionOf(login: string) {
  const u = await t.db.db
    .selectFrom('users')
    .select('id')
    .where('login_name', '=', login)
    .executeTakeFirstOrThrow()
  const { Token } = await issueTokens(t.db.db, {
    userId: u.id,
    ip: '127.0.0.1',
    accessTtl: 600,
    refreshTtl: 3600,
  })
  return { id: u.id, token: Token }
}

const list = async (who: string, payload: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Notice/GetList',
    payload,
    headers: { authorization: `Bearer ${users[who]!.token}` },
  })
  expect(res.statusCode).toBe(200)
  return (res.json() as { data: { result: { Id: number }[]; total: number; UnreadCount: number } })
    .data
}

/** notice_count next to what counting notice_recipient gives: they must be equal. */
async function countsAgree() {
  const kept = await t.db.db
    .selectFrom('notice_count')
    .select(['user_id', 'create_type', 'unread', 'total'])
    .where('total', '>', 0)
    .orderBy('user_id')
    .orderBy('create_type')
    .execute()
  const counted = await t.db.db
    .selectFrom('notice_recipient')
    .select(['user_id', 'create_type'])
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('is_read', '=', 0).then(1).else(0).end()).as('unread'),
    ])
    .groupBy(['user_id', 'create_type'])
    .orderBy('user_id')
    .orderBy('create_type')
    .execute()
  const norm = (
    rows: {
      user_id: number
      create_type: number
      unread: number | string
      total: number | string
    }[],
  ) =>
    rows.map((r) => ({
      user: r.user_id,
      type: r.create_type,
      unread: Number(r.unread),
      total: Number(r.total),
    }))
  expect(norm(kept)).toEqual(norm(counted))
  return norm(kept)
}

const unreadIds = async (userId: number) =>
  (
    await t.db.db
      .selectFrom('notice_recipient')
      .select('notice_id')
      .where('user_id', '=', userId)
      .where('is_read', '=', 0)
      .execute()
  ).map((r) => r.notice_id)

beforeAll(async () => {
  // the large set below is filled by single statements of 50,000 rows: on PostgreSQL under a
  // loaded test run they may take longer than the app's 10 s query bound
  t = await createTestApp({ DATABASE_QUERY_TIMEOUT_SECONDS: '300' })
  for (const login of ['admin', 'staff']) users[login] = await sessionOf(login)
})
afterAll(() => t.close())

describe('the unread count per user is kept, not counted', () => {
  it('stays exact across create, read, read-all, retention and deletes', async () => {
    // the demo data, filled by migration 0019's triggers as the seed inserted it
    await countsAgree()
    const badge = async () =>
      (await list('staff', { pageIndex: 1, pageSize: 10, isAll: false })).UnreadCount
    const start = await badge()
    expect(start).toBe((await unreadIds(users.staff!.id)).length)

    // create: 6 notices through app.notify reach admin and staff
    for (let i = 0; i < 6; i++)
      await t.app.notify({
        type: (i % 4) as 0 | 1 | 2 | 3,
        orderId: i + 1,
        orderNo: `NC-${i}`,
        msg: `计数 ${i}`,
      })
    expect(await badge()).toBe(start + 6)
    await countsAgree()

    // read two (ReadNotice), then the same two again: counted once
    const mine = await unreadIds(users.staff!.id)
    for (let k = 0; k < 2; k++) {
      const r = await postCommon(t, users.staff!.token, 'ReadNotice', {
        updateRecords: mine.slice(0, 2).map((Id) => ({ Id })),
      })
      expect(r.data.updated).toBe(k === 0 ? 2 : 0)
    }
    expect(await badge()).toBe(start + 4)
    await countsAgree()

    // "Clear messages": every unread id in one call
    const rest = await unreadIds(users.staff!.id)
    await postCommon(t, users.staff!.token, 'ReadNotice', {
      updateRecords: rest.map((Id) => ({ Id })),
    })
    expect(await badge()).toBe(0)
    const all = await list('staff', { pageIndex: 1, pageSize: 10, isAll: true })
    const read = await list('staff', { pageIndex: 1, pageSize: 10, isAll: true, isRead: true })
    expect(read.total).toBe(all.total)
    await countsAgree()

    // retention: staff's reads made old are pruned; admin's unread copies of the same notices stay
    const adminUnread = (await list('admin', { pageIndex: 1, pageSize: 10, isAll: false }))
      .UnreadCount
    const old = new Date(
      Date.now() - (t.config.retention.noticeDays + 1) * 86_400_000,
    ).toISOString()
    await t.db.db
      .updateTable('notice_recipient')
      .set({ read_at: old })
      .where('user_id', '=', users.staff!.id)
      .where('notice_id', 'in', mine)
      .execute()
    const pruned = await pruneOnce(t.db.db, t.config)
    expect(pruned.notices).toBe(mine.length)
    expect((await list('staff', { pageIndex: 1, pageSize: 10, isAll: true })).total).toBe(
      all.total - mine.length,
    )
    expect((await list('admin', { pageIndex: 1, pageSize: 10, isAll: false })).UnreadCount).toBe(
      adminUnread,
    )
    await countsAgree()

    // a notice read by every recipient long ago goes entirely
    const gone = await t.app.notify({ type: 2, orderId: 1, orderNo: 'NC-gone', msg: '过期' })
    await t.db.db
      .updateTable('notice_recipient')
      .set({ is_read: 1, read_at: old })
      .where('notice_id', '=', gone.notice.id)
      .execute()
    await pruneOnce(t.db.db, t.config)
    expect(
      await t.db.db
        .selectFrom('notice')
        .select('id')
        .where('id', '=', gone.notice.id)
        .executeTakeFirst(),
    ).toBeUndefined()
    await countsAgree()

    // deletes: a notice (its recipient rows cascade) and a user (their counts cascade)
    const doomed = await t.app.notify({ type: 0, orderId: 1, orderNo: 'NC-del', msg: '删除' })
    expect(await badge()).toBe(1)
    await t.db.db.deleteFrom('notice').where('id', '=', doomed.notice.id).execute()
    expect(await badge()).toBe(0)
    await countsAgree()
    await t.db.db.deleteFrom('users').where('login_name', '=', 'editor').execute()
    await countsAgree()
  })
})

describe('the counts with concurrent writers', () => {
  it('stay exact when notices are created and read at once on several connections (as several instances would)', async () => {
    // PostgreSQL: the pool's connections run these transactions at the same time
    const made = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.app.notify({
          type: (i % 4) as 0 | 1 | 2 | 3,
          orderId: 1,
          orderNo: `CC-${i}`,
          msg: `并发 ${i}`,
        }),
      ),
    )
    const ids = made.map((e) => e.notice.id)
    await Promise.all([
      ...ids
        .slice(0, 12)
        .map((id) =>
          postCommon(t, users.staff!.token, 'ReadNotice', { updateRecords: [{ Id: id }] }),
        ),
      ...ids
        .slice(6, 18)
        .map((id) =>
          postCommon(t, users.admin!.token, 'ReadNotice', { updateRecords: [{ Id: id }] }),
        ),
      ...Array.from({ length: 8 }, (_, i) =>
        t.app.notify({ type: 2, orderId: 1, orderNo: `CC-more-${i}`, msg: '并发' }),
      ),
    ])
    await countsAgree()
  })
})

describe('the badge and the lists read indexes on a large notice set', () => {
  const n = 50_000
  beforeAll(async () => {
    const db = t.db.db
    const uid = users.admin!.id
    const base = Date.parse('2024-01-01T00:00:00Z')
    // one multi-row statement per table: generate_series / a recursive CTE, seconds not minutes
    const first =
      Number(
        (await sql<{ m: number | null }>`select max(id) as m from notice`.execute(db)).rows[0]!.m ??
          0,
      ) + 1
    const series =
      t.db.dialect === 'postgres'
        ? sql`select g as i from generate_series(0, ${n - 1}) g`
        : sql`with recursive s(i) as (select 0 union all select i + 1 from s where i < ${n - 1}) select i from s`
    await sql`insert into notice (id, msg, msg_en, create_type, order_id, order_no, created_at)
      select ${first} + i, 'bulk', '', i % 5, 1, 'B', ${new Date(base).toISOString()} from (${series}) s`.execute(
      db,
    )
    if (t.db.dialect === 'postgres')
      await sql`select setval(pg_get_serial_sequence('notice', 'id'), (select max(id) from notice))`.execute(
        db,
      )
    // PostgreSQL: the notices' distinct times first, so the recipients are inserted with them (an
    // update of 50,000 recipients would run the counters' update trigger, whose join of its
    // transition tables is quadratic: minutes)
    if (t.db.dialect === 'postgres')
      await sql`update notice set created_at = to_char(timestamp '2024-01-01' + (id || ' seconds')::interval, 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') where id >= ${first}`.execute(
        db,
      )
    await sql`insert into notice_recipient (notice_id, user_id, is_read, read_at, create_type, created_at)
      select id, ${uid}, id % 2, case when id % 2 = 1 then created_at else null end, create_type, created_at
      from notice where id >= ${first}`.execute(db)
    // distinct, increasing times (the bulk insert gave them all one)
    if (t.db.dialect === 'postgres') {
      await sql`analyze notice`.execute(db)
      await sql`analyze notice_recipient`.execute(db)
      await sql`analyze notice_count`.execute(db)
    } else {
      await sql`update notice set created_at = strftime('%Y-%m-%dT%H:%M:%S.000Z', '2024-01-01', '+' || id || ' seconds') where id >= ${first}`.execute(
        db,
      )
      await sql`update notice_recipient set created_at = (select n.created_at from notice n where n.id = notice_recipient.notice_id) where notice_id >= ${first}`.execute(
        db,
      )
      await sql`analyze`.execute(db)
    }
    // 50,000 notices with triggers, beside another test file (two workers): a minute is not enough
  }, 240_000)

  it('the counts are the kept ones and the page is the newest, through the API', async () => {
    const counts = await countsAgree()
    const admin = counts.filter((c) => c.user === users.admin!.id)
    const unread = admin.reduce((s, c) => s + c.unread, 0)
    const badge = await list('admin', { pageIndex: 1, pageSize: 10, isAll: false })
    expect(badge.UnreadCount).toBe(unread)
    expect(unread).toBeGreaterThan(n / 2 - 1)
    const page = await list('admin', { pageIndex: 1, pageSize: 5, isAll: true })
    const newest = await t.db.db
      .selectFrom('notice_recipient')
      .select('notice_id')
      .where('user_id', '=', users.admin!.id)
      .orderBy('created_at', 'desc')
      .orderBy('notice_id', 'desc')
      .limit(5)
      .execute()
    expect(page.result.map((r) => r.Id)).toEqual(newest.map((r) => r.notice_id))
  })

  it('no full scan of notice, notice_recipient or notice_count for the badge and the lists', async () => {
    const uid = users.admin!.id
    const every = [...noticeTypes]
    const lessTypes = every.filter((x) => x !== 4)
    const queries = {
      counts: noticeCountsQuery(t.db.db, uid).compile(),
      ...Object.fromEntries(
        Object.entries(lists).map(([k, q]) => [
          k,
          noticePageQuery(t.db.db, uid, q, every).compile(),
        ]),
      ),
      typesLost: noticePageQuery(t.db.db, uid, lists.badge!, lessTypes).compile(),
    }
    for (const [name, q] of Object.entries(queries)) {
      if (t.db.dialect === 'sqlite') {
        const plan = await t.db.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
        )
        const lines = plan.rows.map((r) => r.detail)
        // a SCAN of one of them is a full scan; SEARCH ... USING INDEX is not
        expect(
          lines.filter((l) => /^SCAN (notice|notice_recipient|notice_count)\b/.test(l)),
          `${name}: ${lines.join(' | ')}`,
        ).toEqual([])
        expect(
          lines.some((l) =>
            /INDEX (notice_recipient_unread|notice_recipient_time)|PRIMARY KEY/.test(l),
          ),
          `${name}: ${lines.join(' | ')}`,
        ).toBe(true)
        // the page comes in index order: no sort of the user's notices
        if (name !== 'counts')
          expect(
            lines.filter((l) => /TEMP B-TREE/.test(l)).length,
            `${name}: ${lines.join(' | ')}`,
          ).toBeLessThanOrEqual(1)
      } else {
        // notice_count holds a row per user and type: tiny here, so PostgreSQL rightly reads it
        // whole; with sequential scans priced out it shows the key that serves it at any size
        const text = await t.db.db.transaction().execute(async (trx) => {
          if (name === 'counts') await sql`set local enable_seqscan = off`.execute(trx)
          const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(
            CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]),
          )
          return plan.rows.map((r) => r['QUERY PLAN']).join('\n')
        })
        expect(text, name).not.toMatch(/Seq Scan on (notice|notice_recipient|notice_count)\b/)
        expect(text, name).toMatch(/Index (Only )?Scan/)
        if (name !== 'counts') expect(text, name).not.toMatch(/Sort Key: notice_recipient/)
      }
    }
  })
})
