import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

let t: TestApp
const tokens: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp({ WECHAT_STANDIN: 'true' })
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

type Row = {
  Id: number
  OpenId: string
  NickName: string
  Ban: boolean
  Accounts: { UserId: number; LoginName: string }[]
}
const list = async (payload: Record<string, unknown> = {}, who = 'editor') =>
  (
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/WechatUser/GetAdminList',
        payload,
        headers: { authorization: `Bearer ${tokens[who]}` },
      })
    ).json() as {
      data: { result: Row[]; total: number }
    }
  ).data
const save = async (
  who: string,
  postUrl: string,
  postData: Record<string, unknown[]>,
  lang = 'zh',
) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/PostData/PostCommon',
    payload: { postUrl, postData },
    headers: { authorization: `Bearer ${tokens[who]}`, lang },
  })
  return {
    status: res.statusCode,
    body: res.json() as { code: number; errors?: Record<string, string> },
  }
}
async function wxLogin(pick: string) {
  const res = await t.app.inject({
    url: `/wechat-standin/authorize?redirect_uri=${encodeURIComponent('http://forgeline.test/callback')}&state=abcdefgh&pick=${pick}`,
    headers: { host: 'forgeline.test' },
  })
  const code = new URL(res.headers.location as string).searchParams.get('code')!
  return (
    (
      await t.app.inject({ method: 'POST', url: '/api/User/WxLogin', payload: { code } })
    ).json() as { data: { LoginList: { LoginName: string }[] } }
  ).data
}

describe('WeChat user management', () => {
  it('lists identities with their accounts and searches by nickname or bound account', async () => {
    const all = await list()
    expect(all.total).toBe(3)
    expect(
      all.result.find((r) => r.OpenId === 'standin-multi')!.Accounts.map((a) => a.LoginName),
    ).toEqual(['editor', 'staff'])
    expect((await list({ keyword: '张师傅' })).result.map((r) => r.OpenId)).toEqual(['standin-one'])
    expect((await list({ keyword: 'staff' })).result.map((r) => r.OpenId).sort()).toEqual([
      'standin-multi',
      'standin-one',
    ])
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/WechatUser/GetAdminList',
          payload: {},
          headers: { authorization: `Bearer ${tokens.staff}` },
        })
      ).statusCode,
    ).toBe(403)
  })

  it('a banned identity cannot sign in; unbanned it can again', async () => {
    const one = (await list({ keyword: 'standin-one' })).result[0]!
    expect(
      (await save('editor', 'SaveWechatUser', { updateRecords: [{ Id: one.Id, Ban: true }] })).body
        .code,
    ).toBe(200)
    expect((await list({ ban: true })).result.map((r) => r.Id)).toEqual([one.Id])
    expect((await wxLogin('standin-one')).LoginList).toEqual([])
    await save('editor', 'SaveWechatUser', { updateRecords: [{ Id: one.Id, Ban: false }] })
    expect((await wxLogin('standin-one')).LoginList.map((a) => a.LoginName)).toEqual(['staff'])
  })

  it('binding is for admins only; admin binds and unbinds an account', async () => {
    const none = (await list({ keyword: 'standin-none' })).result[0]!
    expect(
      (
        await save('editor', 'SaveWechatBinding', {
          insertRecords: [{ WechatUserId: none.Id, LoginName: 'admin' }],
        })
      ).status,
    ).toBe(403)
    const unknown = await save(
      'admin',
      'SaveWechatBinding',
      { insertRecords: [{ WechatUserId: none.Id, LoginName: 'nobody' }] },
      'en',
    )
    expect(unknown.body.errors).toEqual({ 'postData.insertRecords.0.LoginName': 'No such account' })
    expect(
      (
        await save('admin', 'SaveWechatBinding', {
          insertRecords: [{ WechatUserId: none.Id, LoginName: 'staff' }],
        })
      ).body.code,
    ).toBe(200)
    const bound = (await list({ keyword: 'standin-none' })).result[0]!
    expect(bound.Accounts.map((a) => a.LoginName)).toEqual(['staff'])
    expect((await wxLogin('standin-none')).LoginList.map((a) => a.LoginName)).toEqual(['staff'])
    await save('admin', 'SaveWechatBinding', {
      removeRecords: [{ WechatUserId: none.Id, UserId: bound.Accounts[0]!.UserId }],
    })
    expect((await list({ keyword: 'standin-none' })).result[0]!.Accounts).toEqual([])
  })
})
