import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MenuItem } from '#shared/contract/menu'
import { createTestApp, registerWithCode, signIn, type TestApp } from './helpers/test-app.ts'

let t: TestApp
const tokens: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestApp()
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
  // an account without a role, as /register creates it
  const password = 'nobody-test-pass-1'
  const reg = await registerWithCode(t, { username: 'nobody', password, mobile: '13700000100' })
  expect(reg.statusCode).toBe(200)
  tokens.norole = await signIn(t.app, 'nobody', password)
})
afterAll(() => t.close())

type Body = { code: number; data: MenuItem[] }

async function menuOf(user: string, url = '/api/Menu/GetUserMenuList') {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${tokens[user]}` },
    payload: {},
  })
  return { status: res.statusCode, body: res.json() as Body }
}

/** Every path of the tree, groups and leaves. */
const paths = (items: MenuItem[]): string[] =>
  items.flatMap((i) => [i.path, ...paths(i.children ?? [])])
const top = (items: MenuItem[]) => items.map((i) => i.path)

describe('Menu/GetUserMenuList (server-menu mode, filtered with shared/acl)', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Menu/GetUserMenuList',
      payload: {},
    })
    expect(res.statusCode).toBe(401)
  })

  it('staff sees the order groups but not content or system', async () => {
    const { status, body } = await menuOf('staff')
    expect(status).toBe(200)
    expect(body.code).toBe(200)
    expect(top(body.data)).toEqual(['/', '/supplier', '/order', '/ship', '/production', '/setting'])
    const all = paths(body.data)
    for (const p of [
      '/admin/index',
      '/workbench',
      '/supplier/purchase',
      '/supplier/forms',
      '/order/order',
      '/ship/ship',
      '/production/report',
      '/setting/personalCenter',
    ]) {
      expect(all).toContain(p)
    }
    expect(all.some((p) => p.startsWith('/system'))).toBe(false)
    expect(all).not.toContain('/admin/lunbo')
  })

  it('editor sees content but not system or orders', async () => {
    const all = paths((await menuOf('editor')).body.data)
    expect(all).toEqual(
      expect.arrayContaining([
        '/admin',
        '/admin/lunbo',
        '/admin/pro/promanage',
        '/admin/linkus',
        '/admin/wxUserManagement',
        '/admin/leaving',
      ]),
    )
    expect(all.some((p) => p.startsWith('/system'))).toBe(false)
    expect(all).not.toContain('/order/order')
  })

  it('admin sees everything', async () => {
    const all = paths((await menuOf('admin')).body.data)
    for (const p of [
      '/admin/lunbo',
      '/supplier/purchase',
      '/order/order',
      '/system',
      '/system/role',
      '/system/department',
      '/system/menu',
      '/system/log',
    ]) {
      expect(all).toContain(p)
    }
  })

  it('a user without a role sees only the workbench and the personal centre', async () => {
    const { body } = await menuOf('norole')
    const leaves = (items: MenuItem[]): string[] =>
      items.flatMap((i) => (i.children ? leaves(i.children) : [i.path]))
    expect(leaves(body.data).sort()).toEqual(['/setting/personalCenter', '/workbench'])
    // groups with no visible child are gone
    expect(top(body.data)).toEqual(['/', '/setting'])
  })

  it('uses the route item fields of SPEC §3 and sends no permission data', async () => {
    const { body } = await menuOf('staff')
    const root = body.data[0]!
    expect(root).toMatchObject({
      path: '/',
      name: 'Root',
      component: 'Layout',
      redirect: '/admin/index',
      menuHidden: true,
      hidden: false,
      alwaysShow: false,
    })
    const home = root.children![0]!
    expect(home).toMatchObject({
      path: '/admin/index',
      name: 'Index',
      meta: { title: 'Home', titleZh: '首页', noClosable: true },
    })
    const setting = body.data.find((i) => i.path === '/setting')!
    expect(setting.hidden).toBe(true)
    expect(JSON.stringify(body.data)).not.toMatch(/"permission"|"id"|"sort"/)
  })
})

describe('Menu/GetList (admin)', () => {
  it('answers the whole tree with permissions to admin only', async () => {
    const res = await menuOf('admin', '/api/Menu/GetList')
    expect(res.status).toBe(200)
    const system = res.body.data.find((i) => i.path === '/system')!
    expect(system.permission).toEqual(['admin'])
    expect(typeof system.id).toBe('number')
    expect(paths(res.body.data)).toContain('/admin/lunbo')
    expect((await menuOf('staff', '/api/Menu/GetList')).status).toBe(403)
    expect((await menuOf('editor', '/api/Menu/GetList')).status).toBe(403)
  })

  it('is seeded once, and an installation seeded before the menu existed gets it on its next start', async () => {
    const { seedMenu } = await import('#server/db/seed/menu-seed')
    const { seedDatabase } = await import('#server/db/seed/seed')
    const menu = () => t.db.db.withTables<{ menu: { id: number } }>()
    const count = async () => (await menu().selectFrom('menu').select('id').execute()).length
    const before = await count()
    expect(before).toBeGreaterThan(20)
    await seedMenu(t.db.db)
    expect(await count()).toBe(before)
    // as if the database had been seeded by an older release
    await menu().deleteFrom('menu').execute()
    await t.db.db.deleteFrom('app_meta').where('key', '=', 'menu_seeded_at').execute()
    await seedDatabase(t.db, t.config, () => {})
    expect(await count()).toBe(before)
    const staff = await menuOf('staff')
    expect(paths(staff.body.data)).toContain('/order/order')
  })
})
