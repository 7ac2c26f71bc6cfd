import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DepartmentRow } from '#shared/contract/system-departments'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'
import { post, postCommon } from './helpers/system-calls.ts'

let t: TestApp
const tokens = { admin: '', editor: '', staff: '' }

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

const list = async () =>
  (await post<{ result: DepartmentRow[] }>(t, tokens.admin, 'Department/GetList')).data.result
const id = async (name: string) => (await list()).find((d) => d.Name === name)!.Id
const save = (postData: Record<string, unknown[]>, lang = 'zh') =>
  postCommon(t, tokens.admin, 'SaveDepartment', postData, lang)

describe('departments', () => {
  it('are for administrators only', async () => {
    expect((await post(t, tokens.staff, 'Department/GetList')).status).toBe(403)
    expect(
      (
        await postCommon(t, tokens.editor, 'SaveDepartment', {
          insertRecords: [{ Name: 'x', ParentId: null }],
        })
      ).status,
    ).toBe(403)
  })

  it('adds a tree, renames, moves and reorders, listing parents before children', async () => {
    expect(
      (
        await save({
          insertRecords: [
            { Name: '生产部', ParentId: null },
            { Name: '销售部', ParentId: null },
          ],
        })
      ).data.inserted,
    ).toBe(2)
    const prod = await id('生产部')
    await save({
      insertRecords: [
        { Name: '锻造车间', ParentId: prod },
        { Name: '机加车间', ParentId: prod },
      ],
    })
    let rows = await list()
    expect(rows.map((d) => [d.Name, d.ParentName])).toEqual([
      ['生产部', ''],
      ['锻造车间', '生产部'],
      ['机加车间', '生产部'],
      ['销售部', ''],
    ])
    expect(rows[0]!.CreateTimeString).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    const forge = await id('锻造车间')
    const machining = await id('机加车间')
    const sales = await id('销售部')
    // reorder (machining first), rename, move machining under sales
    await save({
      updateRecords: [
        { Id: machining, Sort: 5 },
        { Id: forge, Name: '锻压车间' },
      ],
    })
    expect((await list()).map((d) => d.Name)).toEqual(['生产部', '机加车间', '锻压车间', '销售部'])
    await save({ updateRecords: [{ Id: machining, ParentId: sales }] })
    rows = await list()
    expect(rows.find((d) => d.Name === '机加车间')!.ParentId).toBe(sales)
    expect(rows.map((d) => d.Name)).toEqual(['生产部', '锻压车间', '销售部', '机加车间'])
  })

  it('refuses moving below itself, unknown parents and removing a department with children or users; nothing changes', async () => {
    const prod = await id('生产部')
    const forge = await id('锻压车间')
    const before = await list()
    const res = await save(
      {
        updateRecords: [{ Id: prod, ParentId: forge }],
        insertRecords: [{ Name: 'x', ParentId: 999999 }],
        removeRecords: [{ Id: prod }],
      },
      'en',
    )
    expect(res.status).toBe(400)
    expect(res.errors).toEqual({
      'postData.updateRecords.0.ParentId': 'A department cannot move below itself',
      'postData.insertRecords.0.ParentId': 'No such department',
      'postData.removeRecords.0.Id':
        'This department still has sub-departments or users and cannot be removed',
    })
    const blank = await save({ insertRecords: [{ Name: '  ', ParentId: null }] })
    expect(blank.errors).toEqual({ 'postData.insertRecords.0.Name': '此项为必填项' })
    expect(await list()).toEqual(before)
    await t.db.db
      .updateTable('users')
      .set({ department_id: forge })
      .where('login_name', '=', 'staff')
      .execute()
    expect((await list()).find((d) => d.Id === forge)!.UserCount).toBe(1)
    expect((await save({ removeRecords: [{ Id: forge }] })).errors).toEqual({
      'postData.removeRecords.0.Id': '该部门下还有子部门或用户，不能删除',
    })
    await t.db.db
      .updateTable('users')
      .set({ department_id: null })
      .where('login_name', '=', 'staff')
      .execute()
    expect((await save({ removeRecords: [{ Id: forge }] })).data.removed).toBe(1)
    expect((await list()).map((d) => d.Name)).not.toContain('锻压车间')
  })

  it('keeps an English name: saved on insert and update, kept by a partial update, blank by default', async () => {
    await save({
      insertRecords: [
        { Name: '质量部', NameEn: 'Quality', ParentId: null },
        { Name: '仓库', ParentId: null },
      ],
    })
    const quality = await id('质量部')
    const rows = await list()
    expect(rows.find((d) => d.Id === quality)).toMatchObject({ Name: '质量部', NameEn: 'Quality' })
    expect(rows.find((d) => d.Name === '仓库')!.NameEn).toBe('')
    await save({ insertRecords: [{ Name: '质检组', NameEn: 'Inspection', ParentId: quality }] })
    expect((await list()).find((d) => d.Name === '质检组')).toMatchObject({
      ParentName: '质量部',
      ParentNameEn: 'Quality',
      NameEn: 'Inspection',
    })
    // a partial update (sort, Chinese name) leaves the English name alone
    await save({ updateRecords: [{ Id: quality, Sort: 1, Name: '品质部' }] })
    expect((await list()).find((d) => d.Id === quality)).toMatchObject({
      Name: '品质部',
      NameEn: 'Quality',
      Sort: 1,
    })
    await save({ updateRecords: [{ Id: quality, NameEn: ' Quality control ' }] })
    expect((await list()).find((d) => d.Id === quality)).toMatchObject({
      Name: '品质部',
      NameEn: 'Quality control',
    })
    const tooLong = await save({ updateRecords: [{ Id: quality, NameEn: 'x'.repeat(51) }] }, 'en')
    expect(tooLong.status).toBe(400)
    expect(Object.keys(tooLong.errors ?? {})).toEqual(['postData.updateRecords.0.NameEn'])
    expect((await list()).find((d) => d.Id === quality)!.NameEn).toBe('Quality control')
    // the user list carries both names of the department
    await t.db.db
      .updateTable('users')
      .set({ department_id: quality })
      .where('login_name', '=', 'staff')
      .execute()
    const users = (
      await post<{
        result: { LoginName: string; DepartmentName: string; DepartmentNameEn: string }[]
      }>(t, tokens.admin, 'User/GetList', { pageSize: 50 })
    ).data.result
    expect(users.find((u) => u.LoginName === 'staff')).toMatchObject({
      DepartmentName: '品质部',
      DepartmentNameEn: 'Quality control',
    })
    await t.db.db
      .updateTable('users')
      .set({ department_id: null })
      .where('login_name', '=', 'staff')
      .execute()
  })
})
