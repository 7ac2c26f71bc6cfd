import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { issueTokens } from '#server/modules/auth/session-repository'
import { insertNotice } from '#server/modules/notices/repository'
import { defineOperation, registerOperation } from '#server/modules/post-common/registry'
import { ordersPermission } from '#server/permissions'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
const tokens: Record<string, string> = {}
const userIds: Record<string, number> = {}
let own: number[] = []
let adminsOnly = 0

// An operation only order staff may run, to check the permission path.
const touched: number[] = []
registerOperation(
  defineOperation({
    postUrl: 'TestOrdersOnly',
    permission: ordersPermission,
    insert: z.object({ N: z.number().int() }),
    async run(_trx, records) {
      touched.push(...records.insertRecords.map((r) => r.N))
      return { inserted: records.insertRecords.length }
    },
  }),
)

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const login of ['admin', 'editor', 'staff']) {
    const u = await t.db.db
      .selectFrom('users')
      .select('id')
      .where('login_name', '=', login)
      .executeTakeFirstOrThrow()
    userIds[login] = u.id
    tokens[login] = (
      await issueTokens(t.db.db, {
        userId: u.id,
        ip: '127.0.0.1',
        accessTtl: 600,
        refreshTtl: 3600,
      })
    ).Token
  }
  own = []
  for (let i = 0; i < 5; i++)
    own.push(
      (await t.app.notify({ type: 2, orderId: i + 1, orderNo: `SO-${i}`, msg: `订单 ${i}` })).notice
        .id,
    )
  adminsOnly = (
    await insertNotice(
      t.db.db,
      { msg: '仅管理员', msgEn: '', createType: 2, orderId: 9, orderNo: 'SO-9' },
      [userIds.admin!],
    )
  ).notice.id
})
afterAll(() => t.close())

const post = (who: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/PostData/PostCommon',
    payload: body as Record<string, unknown>,
    headers: { authorization: `Bearer ${tokens[who]}`, ...headers },
  })
const readNotice = (ids: unknown[], postUrl = 'ReadNotice') => ({
  postUrl,
  postData: { updateRecords: ids.map((Id) => ({ Id })) },
})
const readState = async (userId: number, noticeId: number) =>
  t.db.db
    .selectFrom('notice_recipient')
    .select(['is_read', 'read_at'])
    .where('user_id', '=', userId)
    .where('notice_id', '=', noticeId)
    .executeTakeFirst()
const unreadOf = async (userId: number) =>
  (
    await t.db.db
      .selectFrom('notice_recipient')
      .select('notice_id')
      .where('user_id', '=', userId)
      .where('is_read', '=', 0)
      .execute()
  ).map((r) => r.notice_id)
const logs = (result: string) =>
  t.db.db.selectFrom('system_log').selectAll().where('result', 'like', `${result}%`).execute()

describe('PostData/PostCommon ReadNotice', () => {
  it('marks only the caller’s own notices read and sets read_at; others’ ids are ignored', async () => {
    const logsBefore = (await logs('success')).length
    const res = await post('staff', readNotice([own[0], own[1], adminsOnly, 999_999]))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      code: 200,
      msg: 'ok',
      data: { inserted: 0, updated: 2, removed: 0 },
    })
    const s = await readState(userIds.staff!, own[0]!)
    expect(s?.is_read).toBe(1)
    expect(Date.parse(s!.read_at!)).toBeGreaterThan(Date.now() - 60_000)
    expect((await readState(userIds.admin!, adminsOnly))?.is_read).toBe(0)
    expect((await readState(userIds.admin!, own[0]!))?.is_read).toBe(0)
    const log = await logs('success')
    expect(log.length).toBe(logsBefore + 1)
    expect(log.at(-1)).toMatchObject({
      account: 'staff',
      log_type: 'database',
      operation: 'PostCommon ReadNotice',
    })
  })

  it('matches postUrl case-insensitively', async () => {
    const res = await post('staff', readNotice([own[2]], 'readnotice'))
    expect((res.json() as { data: { updated: number } }).data.updated).toBe(1)
  })

  it('rejects invalid records with field errors and applies none of them', async () => {
    const before = await unreadOf(userIds.staff!)
    const res = await post('staff', readNotice([own[3], 'x', -1]), { 'accept-language': 'en' })
    expect(res.statusCode).toBe(400)
    const body = res.json() as { code: number; errors: Record<string, string> }
    expect(body.code).toBe(400)
    expect(Object.keys(body.errors).sort()).toEqual([
      'postData.updateRecords.1.Id',
      'postData.updateRecords.2.Id',
    ])
    expect(body.errors['postData.updateRecords.1.Id']).toBe(
      'postData.updateRecords.1.Id is not valid',
    )
    const kinds = await post('staff', {
      postUrl: 'ReadNotice',
      postData: { insertRecords: [{ Id: own[3] }] },
    })
    expect(kinds.statusCode).toBe(400)
    expect(Object.keys((kinds.json() as { errors: object }).errors)).toEqual([
      'postData.insertRecords',
    ])
    const shape = await post('staff', { postUrl: 'Read Notice!', postData: {} })
    expect(shape.statusCode).toBe(400)
    expect(await unreadOf(userIds.staff!)).toEqual(before)
  })

  it('answers an unknown postUrl with 400 and a clear message, changing nothing', async () => {
    const before = await unreadOf(userIds.staff!)
    const res = await post('staff', readNotice([own[3]], 'NoSuchOperation'), {
      'accept-language': 'en',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 400,
      msg: 'No such API',
      errors: { postUrl: 'postUrl is not valid' },
    })
    const zh = await post('staff', readNotice([own[3]], 'NoSuchOperation'))
    expect((zh.json() as { msg: string }).msg).toBe('接口不存在')
    expect(await unreadOf(userIds.staff!)).toEqual(before)
  })

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/PostData/PostCommon',
      payload: readNotice([own[3]]),
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('operation permissions', () => {
  it('refuses callers the operation does not allow with 403 and a system log entry', async () => {
    const res = await post('editor', {
      postUrl: 'TestOrdersOnly',
      postData: { insertRecords: [{ N: 1 }] },
    })
    expect(res.statusCode).toBe(403)
    expect(touched).toEqual([])
    const denied = await logs('permission denied')
    expect(denied.at(-1)).toMatchObject({
      account: 'editor',
      log_type: 'system',
      operation: 'PostCommon TestOrdersOnly',
    })
    const ok = await post('staff', {
      postUrl: 'testordersonly',
      postData: { insertRecords: [{ N: 2 }] },
    })
    expect(ok.json()).toMatchObject({ code: 200, data: { inserted: 1 } })
    expect(touched).toEqual([2])
  })
})
