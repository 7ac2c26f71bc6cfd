import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserRow } from '#shared/contract/system-users'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'
import { post, postCommon } from './helpers/system-calls.ts'

let t: TestApp
const tokens = { admin: '', editor: '', staff: '' }

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

const users = async (body: Record<string, unknown> = {}) =>
  (await post<{ result: UserRow[]; total: number }>(t, tokens.admin, 'User/GetList', body)).data
const save = (postData: Record<string, unknown[]>, lang = 'zh') =>
  postCommon(t, tokens.admin, 'SaveUser', postData, lang)
const login = async (username: string, password: string) =>
  (
    await t.app.inject({ method: 'POST', url: '/api/User/Login', payload: { username, password } })
  ).json() as { code: number; data: { Token: string } | null }

describe('accounts', () => {
  it('are for administrators only', async () => {
    expect((await post(t, tokens.editor, 'User/GetList')).status).toBe(403)
    expect(
      (
        await postCommon(t, tokens.staff, 'ResetUserPassword', {
          updateRecords: [{ Id: 1, Password: 'whatever-123' }],
        })
      ).status,
    ).toBe(403)
  })

  it('lists and filters accounts with role and department', async () => {
    // the seeded three, plus the accounts other tests of this file may have added (any order)
    const seeded = (u: { LoginName: string }) => ['staff', 'editor', 'admin'].includes(u.LoginName)
    const all = await users()
    expect(all.total).toBe(
      Number(
        (
          await t.db.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    )
    expect(all.result.filter(seeded).map((u) => u.LoginName)).toEqual(['staff', 'editor', 'admin'])
    expect((await users({ keyword: 'edit' })).result.map((u) => u.LoginName)).toEqual(['editor'])
    expect((await users({ keyword: '%' })).total).toBe(0)
    const staffRole = (await users({ role: 'staff' })).result
    expect(staffRole.filter(seeded).map((u) => u.LoginName)).toEqual(['staff'])
    expect(staffRole.every((u) => u.Role === 'staff')).toBe(true)
    expect((await users({ pageSize: 1, pageIndex: 2 })).result.map((u) => u.LoginName)).toEqual([
      all.result[1]!.LoginName,
    ])
  })

  it('creates an account that must change its password, edits role, department and ban', async () => {
    await postCommon(t, tokens.admin, 'SaveDepartment', {
      insertRecords: [{ Name: '质检部', ParentId: null }],
    })
    const dept = (await post<{ result: { Id: number }[] }>(t, tokens.admin, 'Department/GetList'))
      .data.result[0]!.Id
    const res = await save({
      insertRecords: [
        {
          LoginName: 'qc01',
          RealName: '质检一',
          Role: 'staff',
          DepartmentId: dept,
          Password: 'first-pass-1',
          Mobile: '13800000000',
        },
      ],
    })
    expect(res).toMatchObject({ status: 200, data: { inserted: 1 } })
    const qc = (await users({ keyword: 'qc01' })).result[0]!
    expect(qc).toMatchObject({
      RealName: '质检一',
      Role: 'staff',
      DepartmentId: dept,
      DepartmentName: '质检部',
      Ban: false,
      MustChangePassword: true,
    })
    const first = await login('qc01', 'first-pass-1')
    expect(first.code).toBe(200)
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/User/Get',
      headers: { authorization: `Bearer ${first.data!.Token}` },
    })
    expect((info.json() as { data: { MustChangePassword: boolean } }).data.MustChangePassword).toBe(
      true,
    )

    // until the password is changed only the signed-in basics answer
    const token = first.data!.Token
    const blocked = await post(t, token, 'Order/GetList', {}, 'en')
    expect(blocked).toMatchObject({ status: 403, msg: 'Please change your password first' })
    expect(
      (await postCommon(t, token, 'SaveOrder', { insertRecords: [{ OrderNo: 'MC-1' }] })).status,
    ).toBe(403)
    expect((await post(t, token, 'Menu/GetUserMenuList')).status).toBe(200)
    expect(
      (
        await post(t, token, 'User/ModifyMyPass', {
          oldPass: 'first-pass-1',
          newPass: 'my-own-pass-1',
        })
      ).status,
    ).toBe(200)
    // role change applies on the next request: staff may list orders, editor may not
    expect((await post(t, token, 'Order/GetList')).status).toBe(200)
    expect(
      (await save({ updateRecords: [{ Id: qc.Id, Role: 'editor', DepartmentId: null }] })).status,
    ).toBe(200)
    expect((await post(t, token, 'Order/GetList')).status).toBe(403)
    // ban: the sessions end and sign-in fails
    expect((await save({ updateRecords: [{ Id: qc.Id, Ban: true }] })).status).toBe(200)
    expect((await post(t, token, 'Notice/GetList', {})).status).toBe(401)
    expect((await login('qc01', 'my-own-pass-1')).data).toBeFalsy()
    await save({ updateRecords: [{ Id: qc.Id, Ban: false }] })

    // reset: a new password, which must be changed at next sign-in
    expect((await users({ keyword: 'qc01' })).result[0]!.MustChangePassword).toBe(false)
    expect(
      (
        await postCommon(t, tokens.admin, 'ResetUserPassword', {
          updateRecords: [{ Id: qc.Id, Password: 'reset-pass-22' }],
        })
      ).status,
    ).toBe(200)
    expect((await login('qc01', 'my-own-pass-1')).data).toBeFalsy()
    expect((await login('qc01', 'reset-pass-22')).code).toBe(200)
    expect((await users({ keyword: 'qc01' })).result[0]!.MustChangePassword).toBe(true)
  })

  it('refuses taken names, unknown roles and departments, short passwords and changes to one’s own account', async () => {
    const before = await users()
    const admin = before.result.find((u) => u.LoginName === 'admin')!
    const res = await save(
      {
        insertRecords: [
          { LoginName: 'editor', Role: 'staff', Password: 'long-enough-1' },
          { LoginName: 'newbie', Role: 'pilot', DepartmentId: 999999, Password: 'short' },
        ],
        updateRecords: [{ Id: admin.Id, Role: 'staff' }],
      },
      'en',
    )
    expect(res.status).toBe(400)
    expect(res.errors).toMatchObject({
      'postData.insertRecords.1.Password': 'The password must have at least 8 characters',
    })
    const again = await save(
      {
        insertRecords: [
          { LoginName: 'editor', Role: 'staff', Password: 'long-enough-1' },
          { LoginName: 'newbie', Role: 'pilot', DepartmentId: 999999, Password: 'long-enough-1' },
        ],
        updateRecords: [{ Id: admin.Id, Ban: true }],
      },
      'en',
    )
    expect(again.errors).toEqual({
      'postData.updateRecords.0.Ban':
        'You cannot ban or remove your own account or change your own role',
      'postData.insertRecords.0.LoginName': 'This user name is taken',
      'postData.insertRecords.1.Role': 'No such role',
      'postData.insertRecords.1.DepartmentId': 'No such department',
    })
    expect(await users()).toEqual(before)
  })
})
