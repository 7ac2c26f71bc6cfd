import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueTokens } from '#server/modules/auth/session-repository'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
const tokens: Record<string, string> = {}
const userIds: Record<string, number> = {}
const own: number[] = []

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const login of ['admin', 'staff']) {
    const u = await t.db.db
      .selectFrom('users')
      .select('id')
      .where('login_name', '=', login)
      .executeTakeFirstOrThrow()
    userIds[login] = u.id
    const session = { userId: u.id, ip: '127.0.0.1', accessTtl: 600, refreshTtl: 3600 }
    tokens[login] = (await issueTokens(t.db.db, session)).Token
  }
  for (let i = 0; i < 5; i++) {
    const e = await t.app.notify({ type: 2, orderId: i + 1, orderNo: `SO-${i}`, msg: `订单 ${i}` })
    own.push(e.notice.id)
  }
})
afterAll(() => t.close())

const post = (who: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/PostData/PostCommon',
    payload: body as Record<string, unknown>,
    headers: { authorization: `Bearer ${tokens[who]}`, ...headers },
  })
const readNotice = (ids: unknown[]) => ({
  postUrl: 'ReadNotice',
  postData: { updateRecords: ids.map((Id) => ({ Id })) },
})
const readState = async (userId: number, noticeId: number) =>
  t.db.db
    .selectFrom('notice_recipient')
    .select(['is_read', 'read_at'])
    .where('user_id', '=', userId)
    .where('notice_id', '=', noticeId)
    .executeTakeFirst()
const appliedLogs = async () =>
  (
    await t.db.db
      .selectFrom('system_log')
      .select('id')
      .where('log_type', '=', 'database')
      .where('operation', '=', 'PostCommon ReadNotice')
      .execute()
  ).length

describe('Idempotency-Key', () => {
  it('applies a replayed write once and returns the first result', async () => {
    const key = { 'idempotency-key': 'offline-write-0001' }
    const logsBefore = await appliedLogs()
    const first = await post('admin', readNotice([own[0], own[1]]), key)
    expect(first.json()).toMatchObject({ data: { updated: 2 } })
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    // made unread again: a second application would mark them read (updated 2 again)
    await t.db.db
      .updateTable('notice_recipient')
      .set({ is_read: 0, read_at: null })
      .where('user_id', '=', userIds.admin!)
      .execute()
    const again = await post('admin', readNotice([own[0], own[1]]), key)
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    expect((await readState(userIds.admin!, own[0]!))?.is_read).toBe(0)
    expect(await appliedLogs()).toBe(logsBefore + 1)
    // the key is per user: the same key of another user is a new write
    const other = await post('staff', readNotice([own[4]]), key)
    expect(other.headers['idempotent-replayed']).toBeUndefined()
    expect((other.json() as { data: { updated: number } }).data.updated).toBe(1)
  })

  it('applies concurrent requests with one key once', async () => {
    const key = { 'idempotency-key': 'offline-write-0002' }
    const [a, b] = await Promise.all([
      post('admin', readNotice([own[2]]), key),
      post('admin', readNotice([own[2]]), key),
    ])
    expect(a.json()).toEqual(b.json())
    expect((a.json() as { data: { updated: number } }).data.updated).toBe(1)
    expect(
      [a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean),
    ).toHaveLength(1)
  })

  it('refuses a key reused for another request, and malformed keys', async () => {
    const key = { 'idempotency-key': 'offline-write-0003' }
    expect((await post('admin', readNotice([own[3]]), key)).statusCode).toBe(200)
    const reused = await post('admin', readNotice([own[4]]), key)
    expect(reused.statusCode).toBe(409)
    expect((await readState(userIds.admin!, own[4]!))?.is_read).toBe(0)
    expect(
      (await post('admin', readNotice([own[4]]), { 'idempotency-key': 'short' })).statusCode,
    ).toBe(400)
    expect(
      (await post('admin', readNotice([own[4]]), { 'idempotency-key': 'x'.repeat(201) }))
        .statusCode,
    ).toBe(400)
  })

  it('keeps nothing for a rejected call, so the corrected retry with the same key applies', async () => {
    const key = { 'idempotency-key': 'offline-write-0004' }
    expect((await post('admin', readNotice(['bad']), key)).statusCode).toBe(400)
    const fixed = await post('admin', readNotice([own[4]]), key)
    expect(fixed.json()).toMatchObject({ data: { updated: 1 } })
  })
})
