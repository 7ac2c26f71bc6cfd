import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MenuItem } from '#shared/contract/menu'
import type { RoleRow } from '#shared/contract/system-roles'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'
import { post, postCommon } from './helpers/system-calls.ts'

let t: TestApp
const tokens = { admin: '', editor: '', staff: '' }

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', LOG_LEVEL: 'error' })
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

const paths = (items: MenuItem[]): string[] =>
  items.flatMap((i) => [i.path, ...paths(i.children ?? [])])
const menuOf = async (who: keyof typeof tokens) =>
  paths((await post<MenuItem[]>(t, tokens[who], 'Menu/GetUserMenuList')).data)
const roles = async () =>
  (await post<{ result: RoleRow[] }>(t, tokens.admin, 'Role/GetList')).data.result
const role = async (code: string) => (await roles()).find((r) => r.Code === code)!
async function menuId(path: string): Promise<number> {
  const find = (items: MenuItem[]): MenuItem | undefined =>
    items.map((i) => (i.path === path ? i : find(i.children ?? []))).find(Boolean)
  return find((await post<MenuItem[]>(t, tokens.admin, 'Menu/GetList')).data)!.id!
}

describe('Role/GetList', () => {
  it('lists the seeded roles with the menu entries their abilities opened before (migration 0005 backfill)', async () => {
    const list = await roles()
    expect(list.map((r) => r.Code)).toEqual(['admin', 'editor', 'staff'])
    const staff = list.find((r) => r.Code === 'staff')!
    expect(staff).toMatchObject({
      Name: '车间员工',
      NameEn: 'Shop-floor staff',
      Abilities: ['READ', 'ORDERS'],
      Permissions: [],
      Builtin: true,
      UserCount: 1,
    })
    expect(staff.MenuIds).toContain(await menuId('/supplier/quality'))
    expect(staff.MenuIds).toContain(await menuId('/admin/index'))
    expect(staff.MenuIds).not.toContain(await menuId('/admin/lunbo'))
    const editor = list.find((r) => r.Code === 'editor')!
    expect(editor.MenuIds).toContain(await menuId('/admin/lunbo'))
    expect(editor.MenuIds).not.toContain(await menuId('/order/order'))
    // open entries (any signed-in user) are not held, they stay open
    expect(staff.MenuIds).not.toContain(await menuId('/workbench'))
  })

  it('is for administrators only', async () => {
    expect((await post(t, tokens.staff, 'Role/GetList')).status).toBe(403)
    expect((await post(t, tokens.editor, 'Role/GetList')).status).toBe(403)
    expect((await post(t, undefined, 'Role/GetList')).status).toBe(401)
    expect(
      (
        await postCommon(t, tokens.editor, 'SaveRole', {
          insertRecords: [
            { Code: 'x1', Name: 'x', NameEn: 'x', Abilities: [], Permissions: [], MenuIds: [] },
          ],
        })
      ).status,
    ).toBe(403)
  })
})

describe('SaveRole: menu entries decide screens and endpoints', () => {
  it("removing a menu entry from a role takes it from its users' menu and answers 403 from its endpoints at once", async () => {
    const quality = await menuId('/supplier/quality')
    expect(await menuOf('staff')).toContain('/supplier/quality')
    expect((await post(t, tokens.staff, 'Quality/GetList')).status).toBe(200)
    const before = (await role('staff')).MenuIds
    const res = await postCommon(t, tokens.admin, 'SaveRole', {
      updateRecords: [{ Code: 'staff', MenuIds: before.filter((id) => id !== quality) }],
    })
    expect(res).toMatchObject({ status: 200, data: { updated: 1 } })

    expect(await menuOf('staff')).not.toContain('/supplier/quality')
    expect(await menuOf('staff')).toContain('/supplier/purchase')
    expect((await post(t, tokens.staff, 'Quality/GetList')).status).toBe(403)
    expect((await post(t, tokens.staff, 'Quality/Get', { id: 1 })).status).toBe(403)
    expect(
      (await postCommon(t, tokens.staff, 'SaveQuality', { insertRecords: [{ OrderId: 1 }] }))
        .status,
    ).toBe(403)
    // other screens of the role still work; admin keeps everything
    expect((await post(t, tokens.staff, 'Purchase/GetList')).status).toBe(200)
    expect((await post(t, tokens.admin, 'Quality/GetList')).status).toBe(200)
    const log = await t.db.db
      .selectFrom('system_log')
      .selectAll()
      .where('account', '=', 'staff')
      .where('result', '=', 'permission denied')
      .execute()
    expect(log.map((l) => l.operation)).toEqual(
      expect.arrayContaining(['POST /api/Quality/GetList', 'PostCommon SaveQuality']),
    )

    await postCommon(t, tokens.admin, 'SaveRole', {
      updateRecords: [{ Code: 'staff', MenuIds: before }],
    })
    expect(await menuOf('staff')).toContain('/supplier/quality')
    expect((await post(t, tokens.staff, 'Quality/GetList')).status).toBe(200)
  })

  it('a new role holds exactly the entries given; its users see and call only those', async () => {
    const quality = await menuId('/supplier/quality')
    const res = await postCommon(t, tokens.admin, 'SaveRole', {
      insertRecords: [
        {
          Code: 'inspector',
          Name: '质检员',
          NameEn: 'Inspector',
          Abilities: ['READ', 'ORDERS'],
          Permissions: ['button-add-show-false', 'column-UnitPrice-show-false'],
          MenuIds: [quality],
        },
      ],
    })
    expect(res.status).toBe(200)
    await t.db.db
      .updateTable('users')
      .set({ role: 'inspector' })
      .where('login_name', '=', 'editor')
      .execute()
    try {
      const menu = await menuOf('editor')
      expect(menu).toContain('/supplier/quality')
      expect(menu).not.toContain('/supplier/purchase')
      expect(menu).not.toContain('/admin/lunbo')
      expect(menu).toContain('/workbench')
      expect((await post(t, tokens.editor, 'Quality/GetList')).status).toBe(200)
      // orders are looked up from every order screen
      expect((await post(t, tokens.editor, 'Order/GetList')).status).toBe(200)
      expect((await post(t, tokens.editor, 'Purchase/GetList')).status).toBe(403)
      expect((await post(t, tokens.editor, 'Carousel/GetAdminList')).status).toBe(403)
      const info = await t.app.inject({
        method: 'GET',
        url: '/api/User/Get',
        headers: { authorization: `Bearer ${tokens.editor}` },
      })
      expect((info.json() as { data: { Permissions?: string[] } }).data.Permissions).toEqual([
        'button-add-show-false',
        'column-UnitPrice-show-false',
      ])
      // a role users hold cannot be removed
      const inUse = await postCommon(
        t,
        tokens.admin,
        'SaveRole',
        { removeRecords: [{ Code: 'inspector' }] },
        'en',
      )
      expect(inUse.status).toBe(400)
      expect(inUse.errors).toEqual({
        'postData.removeRecords.0.Code': 'Users still hold this role; it cannot be removed',
      })
    } finally {
      await t.db.db
        .updateTable('users')
        .set({ role: 'editor' })
        .where('login_name', '=', 'editor')
        .execute()
    }
    expect(
      (await postCommon(t, tokens.admin, 'SaveRole', { removeRecords: [{ Code: 'inspector' }] }))
        .status,
    ).toBe(200)
    expect((await roles()).map((r) => r.Code)).not.toContain('inspector')
    expect(
      await t.db.db
        .selectFrom('role_menu')
        .selectAll()
        .where('role_code', '=', 'inspector')
        .execute(),
    ).toEqual([])
  })
})

describe('SaveRole: the built-in admin role and bad input', () => {
  it('refuses to remove or strip the admin role, in both languages, and changes nothing', async () => {
    const before = await role('admin')
    const removed = await postCommon(t, tokens.admin, 'SaveRole', {
      removeRecords: [{ Code: 'admin' }],
    })
    expect(removed.status).toBe(400)
    expect(removed.errors!['postData.removeRecords.0.Code']).toBe(
      '内置管理员角色不能删除，也不能去掉其权限或菜单',
    )
    const stripped = await postCommon(
      t,
      tokens.admin,
      'SaveRole',
      {
        updateRecords: [
          { Code: 'admin', Name: '改名', Abilities: ['READ'], MenuIds: [before.MenuIds[0]] },
        ],
      },
      'en',
    )
    expect(stripped.status).toBe(400)
    expect(stripped.errors).toEqual({
      'postData.updateRecords.0.Abilities':
        'The built-in admin role cannot be removed or lose abilities or menu entries',
      'postData.updateRecords.0.MenuIds':
        'The built-in admin role cannot be removed or lose abilities or menu entries',
    })
    expect(await role('admin')).toEqual(before)
    // renaming it is fine, and admin still sees every entry
    expect(
      (
        await postCommon(t, tokens.admin, 'SaveRole', {
          updateRecords: [{ Code: 'admin', NameEn: 'Administrators' }],
        })
      ).status,
    ).toBe(200)
    expect((await role('admin')).NameEn).toBe('Administrators')
    expect(await menuOf('admin')).toContain('/system/role')
  })

  it('refuses a bad code, a taken code, unknown abilities, menu ids and permission strings, saving nothing', async () => {
    const before = await roles()
    const res = await postCommon(
      t,
      tokens.admin,
      'SaveRole',
      {
        insertRecords: [
          {
            Code: 'Bad Code',
            Name: 'x',
            NameEn: 'x',
            Abilities: ['FLY'],
            Permissions: ['button-add'],
            MenuIds: [],
          },
          {
            Code: 'staff',
            Name: 'x',
            NameEn: 'x',
            Abilities: [],
            Permissions: [],
            MenuIds: [999999],
          },
          { Code: 'fine', Name: 'ok', NameEn: 'ok', Abilities: [], Permissions: [], MenuIds: [] },
        ],
      },
      'en',
    )
    expect(res.status).toBe(400)
    expect(res.errors).toMatchObject({
      'postData.insertRecords.0.Code':
        'The role code has 2-32 lower-case letters, digits, _ or -, starting with a letter',
      'postData.insertRecords.0.Abilities.0': 'Unknown ability',
      'postData.insertRecords.0.Permissions.0':
        'A permission string is button-code-property-value or column-field-property-value',
    })
    const again = await postCommon(t, tokens.admin, 'SaveRole', {
      insertRecords: [
        { Code: 'staff', Name: 'x', NameEn: 'x', Abilities: [], Permissions: [], MenuIds: [] },
        {
          Code: 'fine',
          Name: 'ok',
          NameEn: 'ok',
          Abilities: [],
          Permissions: [],
          MenuIds: [999999],
        },
      ],
    })
    expect(again.errors).toEqual({
      'postData.insertRecords.0.Code': '该角色代码已存在',
      'postData.insertRecords.1.MenuIds.0': '菜单不存在',
    })
    const unknown = await postCommon(t, tokens.admin, 'SaveRole', {
      updateRecords: [{ Code: 'nobody', Name: 'x' }],
    })
    expect(unknown.errors).toEqual({ 'postData.updateRecords.0.Code': '角色不存在' })
    expect(await roles()).toEqual(before)
  })
})
