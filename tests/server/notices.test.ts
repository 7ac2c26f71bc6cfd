import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Notice } from '#shared/contract/notices'
import { issueTokens } from '#server/modules/auth/session-repository'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
const users: Record<string, { id: number; token: string }> = {}

/** A user with a session, made through the session repository (no scrypt sign-in). */
async function addUser(login: string, role: string, ban = 0) {
  const row = await t.db.db
    .insertInto('users')
    .values({
      login_name: login,
      real_name: login,
      nick_name: login,
      mobile: '',
      email: '',
      role,
      department_id: null,
      ban,
      avatar: '',
      password_hash: 'x',
      must_change_password: 0,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const { Token } = await issueTokens(t.db.db, {
    userId: row.id,
    ip: '127.0.0.1',
    accessTtl: 600,
    refreshTtl: 3600,
  })
  return { id: row.id, token: Token }
}

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

type ListData = { result: Notice[]; total: number; UnreadCount: number }
const list = async (
  who: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Notice/GetList',
    payload,
    headers: { authorization: `Bearer ${users[who]!.token}`, ...headers },
  })
  expect(res.statusCode).toBe(200)
  return (res.json() as { data: ListData }).data
}

const ids: number[] = []

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const login of ['admin', 'editor', 'staff']) users[login] = await sessionOf(login)
  users.staff2 = await addUser('staff2', 'staff')
  users.banned = await addUser('banned', 'staff', 1)
  // 12 notices, oldest first: types cycle 0..3, every third one without English text
  for (let i = 0; i < 12; i++) {
    const e = await t.app.notify({
      type: (i % 4) as 0 | 1 | 2 | 3,
      orderId: 100 + i,
      orderNo: `PO-${100 + i}`,
      msg: `通知 ${i}`,
      msgEn: i % 3 === 0 ? '' : `Notice ${i}`,
    })
    ids.push(e.notice.id)
    await new Promise((r) => setTimeout(r, 2)) // distinct creation times
  }
})
afterAll(() => t.close())

describe('notify()', () => {
  it('addresses every non-banned user whose role may see order-area modules, plus admin', async () => {
    const rows = await t.db.db
      .selectFrom('notice_recipient')
      .select('user_id')
      .where('notice_id', '=', ids[0]!)
      .execute()
    const got = rows.map((r) => r.user_id).sort((a, b) => a - b)
    expect(got).toEqual([users.admin!.id, users.staff!.id, users.staff2!.id].sort((a, b) => a - b))
  })
})

describe('Notice/GetList', () => {
  it('lists the caller’s notices newest first with paging, total and unread count', async () => {
    const first = await list('staff', { pageIndex: 1, pageSize: 5, isAll: true })
    expect(first.total).toBe(12)
    // other tests of this file may have read some already, in any order
    const unread = await t.db.db
      .selectFrom('notice_recipient')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', users.staff!.id)
      .where('is_read', '=', 0)
      .executeTakeFirstOrThrow()
    expect(first.UnreadCount).toBe(Number(unread.n))
    expect(first.result.map((n) => n.Id)).toEqual([...ids].reverse().slice(0, 5))
    const last = await list('staff', { pageIndex: 3, pageSize: 5, isAll: true })
    expect(last.result.map((n) => n.Id)).toEqual([ids[1], ids[0]])
    const n = first.result[0]!
    expect(n).toEqual({
      Id: ids[11],
      Msg: '通知 11',
      CreateTimeString: expect.any(String),
      IsRead: expect.any(Boolean),
      CreateType: 3,
      OrderId: 111,
      OrderNo: 'PO-111',
    })
    expect(new Date(n.CreateTimeString).toISOString()).toBe(n.CreateTimeString)
  })

  it('takes the defaults of the notice bell call and form-style values', async () => {
    const d = await list('staff', {})
    expect(d.result).toHaveLength(10)
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/Notice/GetList',
      payload: 'pageIndex=1&pageSize=3&isAll=false',
      headers: {
        authorization: `Bearer ${users.staff!.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    })
    expect((form.json() as { data: ListData }).data.result).toHaveLength(3)
  })

  it('filters unread only (isAll false), by isRead and by createType; the badge counts all unread', async () => {
    const read = [ids[0]!, ids[4]!, ids[5]!]
    await t.db.db
      .updateTable('notice_recipient')
      .set({ is_read: 1, read_at: new Date().toISOString() })
      .where('user_id', '=', users.staff!.id)
      .where('notice_id', 'in', read)
      .execute()
    const unread = await list('staff', { pageSize: 100, isAll: false })
    expect(unread.total).toBe(9)
    expect(unread.UnreadCount).toBe(9)
    expect(unread.result.every((n) => !n.IsRead && !read.includes(n.Id))).toBe(true)
    const onlyRead = await list('staff', { pageSize: 100, isRead: true })
    expect(onlyRead.result.map((n) => n.Id).sort()).toEqual([...read].sort())
    expect(onlyRead.result.every((n) => n.IsRead)).toBe(true)
    const type0 = await list('staff', { pageSize: 100, createType: 0 })
    expect(type0.result.map((n) => n.Id)).toEqual([ids[8], ids[4], ids[0]])
    expect(type0.UnreadCount).toBe(9)
    const type0Unread = await list('staff', { pageSize: 100, createType: '0', isAll: 'false' })
    expect(type0Unread.result.map((n) => n.Id)).toEqual([ids[8]])
    // another recipient's read state is their own
    expect((await list('staff2', { isAll: false })).UnreadCount).toBe(12)
  })

  it('answers in the request language, English falling back to Chinese', async () => {
    const en = await list('admin', { pageSize: 12 }, { 'accept-language': 'en-US,en;q=0.9' })
    const byId = new Map(en.result.map((n) => [n.Id, n.Msg]))
    expect(byId.get(ids[1]!)).toBe('Notice 1')
    expect(byId.get(ids[3]!)).toBe('通知 3') // no English text
    const zh = await list('admin', { pageSize: 12 }, { lang: 'zh' })
    expect(zh.result.find((n) => n.Id === ids[1])!.Msg).toBe('通知 1')
  })

  it('shows nothing to users who may not see the modules, and nothing to the banned', async () => {
    const editor = await list('editor', {})
    expect(editor).toEqual({ result: [], total: 0, UnreadCount: 0 })
    const banned = await t.app.inject({
      method: 'POST',
      url: '/api/Notice/GetList',
      payload: {},
      headers: { authorization: `Bearer ${users.banned!.token}` },
    })
    expect(banned.statusCode).toBe(401)
  })

  it('needs a signed-in caller and rejects bad paging', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/Notice/GetList', payload: {} })
    expect(anon.statusCode).toBe(401)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Notice/GetList',
      payload: { pageSize: 1000 },
      headers: { authorization: `Bearer ${users.staff!.token}` },
    })
    expect(res.statusCode).toBe(400)
  })
})
