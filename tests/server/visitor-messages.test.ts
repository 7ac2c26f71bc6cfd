import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

let t: TestApp
const tokens: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

type Body = { code: number; msg: string; data: unknown; errors?: Record<string, string> }
type Row = {
  Id: number
  Name: string
  Handled: boolean
  Reply: string
  RepliedBy: string
  RepliedAt: string
}

const leave = async (Name: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/PostData/PostFrontCommon',
    payload: {
      postUrl: 'LeaveMessage',
      postData: { Name, Phone: '13800000000', Message: '询价 42CrMo 曲轴' },
    },
    remoteAddress: `10.9.0.${Name.length}`,
  })
  return (res.json() as { data: { Id: number } }).data.Id
}
const save = async (
  who: 'admin' | 'editor' | 'staff' | 'anonymous',
  postData: unknown,
  lang = 'zh',
) => {
  const headers: Record<string, string> = { lang }
  if (who !== 'anonymous') headers.authorization = `Bearer ${tokens[who]}`
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/PostData/PostCommon',
    payload: { postUrl: 'SaveLeaving', postData } as never,
    headers,
  })
  return { status: res.statusCode, body: res.json() as Body }
}
const rows = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Leaving/GetList',
    payload: { pageSize: 100 },
    headers: { authorization: `Bearer ${tokens.editor}` },
  })
  return (res.json() as { data: { result: Row[] } }).data.result
}
const row = async (id: number) => (await rows()).find((r) => r.Id === id)

describe('visitor messages: reply/notes and deleting spam (PostCommon SaveLeaving)', () => {
  it('anonymous 401, staff 403, editor and admin 200', async () => {
    const id = await leave('权限')
    expect((await save('anonymous', { updateRecords: [{ Id: id, Reply: 'x' }] })).status).toBe(401)
    expect((await save('anonymous', { removeRecords: [{ Id: id }] })).status).toBe(401)
    expect((await save('staff', { updateRecords: [{ Id: id, Reply: 'x' }] })).status).toBe(403)
    expect((await save('staff', { removeRecords: [{ Id: id }] })).status).toBe(403)
    expect(await row(id)).toMatchObject({ Reply: '' })
    expect((await save('editor', { updateRecords: [{ Id: id, Reply: '已回电' }] })).status).toBe(
      200,
    )
    expect((await save('admin', { removeRecords: [{ Id: id }] })).status).toBe(200)
    expect(await row(id)).toBeUndefined()
  })

  it('keeps a reply with who wrote it and when; a field left out stays as it was', async () => {
    const id = await leave('回复者')
    await save('editor', { updateRecords: [{ Id: id, Handled: true }] })
    const r = await save('editor', {
      updateRecords: [{ Id: id, Reply: '  已电话联系，周五寄样品  ' }],
    })
    expect(r.body.data).toMatchObject({ updated: 1 })
    const after = await row(id)
    expect(after).toMatchObject({
      Handled: true,
      Reply: '已电话联系，周五寄样品',
      RepliedBy: 'editor',
    })
    expect(Number.isNaN(Date.parse(after!.RepliedAt))).toBe(false)
    await save('editor', { updateRecords: [{ Id: id, Handled: false }] })
    expect(await row(id)).toMatchObject({ Handled: false, Reply: '已电话联系，周五寄样品' })
  })

  it('refuses a reply over 500 characters, a bad Id and an unknown Id, in the caller language; nothing changes', async () => {
    const id = await leave('太长的回复')
    const long = await save(
      'editor',
      { updateRecords: [{ Id: id, Reply: '字'.repeat(501), Handled: true }] },
      'en',
    )
    expect(long.status).toBe(400)
    expect(long.body.errors).toEqual({ 'postData.updateRecords.0.Reply': 'This is too long' })
    const longZh = await save('editor', { updateRecords: [{ Id: id, Reply: '字'.repeat(501) }] })
    expect(longZh.body.errors).toEqual({ 'postData.updateRecords.0.Reply': '内容过长' })
    const badId = await save('editor', { removeRecords: [{ Id: 'x' }] }, 'en')
    expect(badId.body.errors).toEqual({
      'postData.removeRecords.0.Id': 'The record does not exist or was deleted',
    })
    // one unknown Id refuses the whole call: the known message is neither changed nor deleted
    const mixed = await save(
      'editor',
      { updateRecords: [{ Id: id, Reply: 'ok' }], removeRecords: [{ Id: id }, { Id: 999999 }] },
      'en',
    )
    expect(mixed.status).toBe(400)
    expect(mixed.body.errors).toEqual({
      'postData.removeRecords.1.Id': 'The record does not exist or was deleted',
    })
    expect(await row(id)).toMatchObject({ Handled: false, Reply: '' })
  })

  it('deletes spam: the message is gone from the list', async () => {
    const spam = await leave('cheap-watches')
    const keep = await leave('真实询价')
    const r = await save('editor', { removeRecords: [{ Id: spam }] })
    expect(r.body.data).toMatchObject({ removed: 1 })
    const ids = (await rows()).map((m) => m.Id)
    expect(ids).not.toContain(spam)
    expect(ids).toContain(keep)
    const again = await save('editor', { removeRecords: [{ Id: spam }] })
    expect(again.body.errors).toEqual({ 'postData.removeRecords.0.Id': '记录不存在或已被删除' })
  })
})
