import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MenuItem } from '#shared/contract/menu'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'
import { post, postCommon } from './helpers/system-calls.ts'

let t: TestApp
const tokens = { admin: '', editor: '', staff: '' }

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

const flat = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => [i, ...flat(i.children ?? [])])
const adminTree = async () => (await post<MenuItem[]>(t, tokens.admin, 'Menu/GetList')).data
const userMenu = async (who: keyof typeof tokens) =>
  flat((await post<MenuItem[]>(t, tokens[who], 'Menu/GetUserMenuList')).data)
const byPath = async (path: string) => flat(await adminTree()).find((i) => i.path === path)!
const save = (postData: Record<string, unknown[]>, lang = 'zh') =>
  postCommon(t, tokens.admin, 'SaveMenu', postData, lang)

const group = {
  Path: '/tools',
  Name: 'Tools',
  Component: 'Layout',
  Redirect: '/system/log',
  Hidden: false,
  AlwaysShow: true,
  MenuHidden: false,
  Open: false,
  Meta: { title: 'Tools', titleZh: '工具', icon: 'setting' },
}

describe('SaveMenu: the tree of Menu/GetList and GetUserMenuList', () => {
  it('is for administrators only', async () => {
    expect(
      (
        await postCommon(t, tokens.editor, 'SaveMenu', {
          insertRecords: [{ ...group, ParentId: null }],
        })
      ).status,
    ).toBe(403)
    expect(
      (await postCommon(t, tokens.staff, 'SaveMenu', { removeRecords: [{ Id: 1 }] })).status,
    ).toBe(403)
  })

  it('adds a group, moves a page into it and serves every route field of SPEC §3', async () => {
    const res = await save({ insertRecords: [{ ...group, ParentId: null }] })
    expect(res).toMatchObject({ status: 200, data: { inserted: 1 } })
    const tools = await byPath('/tools')
    const log = await byPath('/system/log')
    const meta = {
      title: 'Log',
      titleZh: '日志',
      icon: 'log',
      badge: 'New',
      dot: true,
      target: '_blank',
      noClosable: true,
      noKeepAlive: true,
      tabHidden: true,
      activeMenu: '/system/role',
    }
    expect(
      (
        await save({
          updateRecords: [
            {
              Id: log.id,
              ParentId: tools.id,
              Hidden: true,
              MenuHidden: true,
              AlwaysShow: true,
              Meta: meta,
            },
          ],
        })
      ).status,
    ).toBe(200)
    const served = (await userMenu('admin')).find((i) => i.path === '/system/log')!
    expect(served).toMatchObject({
      name: 'Log',
      component: 'system/log',
      hidden: true,
      menuHidden: true,
      alwaysShow: true,
      meta,
    })
    const top = (await post<MenuItem[]>(t, tokens.admin, 'Menu/GetUserMenuList')).data.find(
      (i) => i.path === '/tools',
    )!
    expect(top).toMatchObject({
      component: 'Layout',
      redirect: '/system/log',
      alwaysShow: true,
      meta: { title: 'Tools', titleZh: '工具' },
    })
    expect(top.children!.map((c) => c.path)).toEqual(['/system/log'])
    // nobody else holds the new group's page
    expect((await userMenu('staff')).map((i) => i.path)).not.toContain('/tools')
  })

  it('"every signed-in user" opens an entry to all roles; switching it off gives back its requirement', async () => {
    const quality = await byPath('/supplier/quality')
    expect((await userMenu('editor')).map((i) => i.path)).not.toContain('/supplier/quality')
    await save({ updateRecords: [{ Id: quality.id, Open: true }] })
    expect((await userMenu('editor')).map((i) => i.path)).toContain('/supplier/quality')
    await save({ updateRecords: [{ Id: quality.id, Open: false }] })
    expect((await userMenu('editor')).map((i) => i.path)).not.toContain('/supplier/quality')
    expect((await userMenu('staff')).map((i) => i.path)).toContain('/supplier/quality')
  })

  it('refuses unknown components and paths, bad parents, cycles and taken names in zh/en, changing nothing', async () => {
    const before = await adminTree()
    const tools = await byPath('/tools')
    const role = await byPath('/system/role')
    const res = await save(
      {
        insertRecords: [
          {
            ...group,
            ParentId: null,
            Name: 'X1',
            Component: 'admin/nothing',
            Path: '/admin/nothing',
          },
          { ...group, ParentId: null, Name: 'X2', Component: 'admin/lunbo', Path: '/admin/other' },
          { ...group, ParentId: role.id, Name: 'X3', Path: '/x3' },
          { ...group, ParentId: null, Name: 'Tools', Path: '/x4' },
          { ...group, ParentId: null, Name: 'X5', Path: '/admin/lunbo' },
          { ...group, ParentId: null, Name: 'X6', Redirect: '/nowhere', Meta: { title: '' } },
        ],
      },
      'en',
    )
    expect(res.status).toBe(400)
    expect(res.errors).toMatchObject({
      'postData.insertRecords.0.Component':
        'Unknown component: groups use Layout, pages their path (e.g. admin/lunbo)',
      'postData.insertRecords.1.Path':
        'The path must be an existing staff page, a group path starting with /, or an http(s) URL',
      'postData.insertRecords.4.Path':
        'The path must be an existing staff page, a group path starting with /, or an http(s) URL',
      'postData.insertRecords.5.Redirect': 'The redirect must be an existing staff page',
      'postData.insertRecords.5.Meta.title': 'This field is required',
    })
    const parents = await save({
      insertRecords: [
        { ...group, ParentId: role.id, Name: 'X3', Path: '/x3' },
        { ...group, ParentId: null, Name: 'Tools', Path: '/x4' },
      ],
    })
    expect(parents.errors).toEqual({
      'postData.insertRecords.0.ParentId': '上级菜单必须是一个分组，且不能是它自己或它的下级',
      'postData.insertRecords.1.Name': '名称为1-64位字母或数字，且不能重复',
    })
    // a group cannot move below itself; a group with entries cannot become a page or be removed
    const system = await byPath('/system')
    const cycle = await save({
      updateRecords: [
        { Id: tools.id, ParentId: tools.id },
        { Id: system.id, Component: 'system/user' },
      ],
      removeRecords: [{ Id: system.id }],
    })
    expect(cycle.errors).toEqual({
      'postData.updateRecords.0.ParentId': '上级菜单必须是一个分组，且不能是它自己或它的下级',
      'postData.updateRecords.1.Path':
        '路径必须是已有的后台页面、以 / 开头的分组路径或 http(s) 网址',
      'postData.updateRecords.1.Component':
        '未知的组件：分组用 Layout，页面用它的路径（如 admin/lunbo）',
      'postData.removeRecords.0.Id': '该分组下还有菜单，不能删除',
    })
    expect(await adminTree()).toEqual(before)
  })

  it('removes an entry and the roles that held it lose it', async () => {
    const forms = await byPath('/supplier/forms')
    expect((await save({ removeRecords: [{ Id: forms.id }] })).data.removed).toBe(1)
    expect((await userMenu('staff')).map((i) => i.path)).not.toContain('/supplier/forms')
    expect(
      await t.db.db.selectFrom('role_menu').selectAll().where('menu_id', '=', forms.id!).execute(),
    ).toEqual([])
    // its endpoints now answer 403 to staff (no role holds the screen); admin keeps them
    expect((await post(t, tokens.staff, 'SupplierForm/GetList')).status).toBe(403)
    expect((await post(t, tokens.admin, 'SupplierForm/GetList')).status).toBe(200)
  })
})
