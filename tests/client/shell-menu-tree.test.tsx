import { describe, expect, it } from 'vitest'
import type { MenuItem } from '#shared/contract/menu'
import {
  accessRedirect,
  activeMenuPath,
  findTrail,
  firstPage,
  menuView,
  normalizeMenu,
  pagePaths,
  targetOf,
  titleIn,
} from '#client/features/shell/menu-tree'
import { tabOf } from '#client/features/shell/components/use-visited-tabs'

const item = (path: string, more: Partial<MenuItem> = {}): MenuItem => ({
  path,
  name: path.replaceAll('/', '-'),
  component: path.slice(1),
  hidden: false,
  alwaysShow: false,
  menuHidden: false,
  meta: { title: `t${path}` },
  ...more,
})
const group = (path: string, children: MenuItem[], more: Partial<MenuItem> = {}) =>
  item(path, { component: 'Layout', redirect: children[0]?.path, children, ...more })

const tree: MenuItem[] = normalizeMenu([
  group(
    '/',
    [
      item('admin/index', {
        meta: { title: 'Home', titleZh: '首页', noClosable: true, icon: 'home' },
      }),
      item('/workbench'),
    ],
    { menuHidden: true },
  ),
  group(
    '/supplier',
    [
      item('purchase'),
      item('outsourcing'),
      item('detail', { hidden: true, meta: { title: 'Detail', activeMenu: '/supplier/purchase' } }),
    ],
    {
      alwaysShow: true,
      meta: { title: 'Suppliers', icon: 'supplier' },
    },
  ),
  group('/order', [item('/order/order')]),
  group('/setting', [item('/setting/personalCenter')], { hidden: true }),
  group('/empty', []),
])

describe('menu transforms', () => {
  it('makes child paths absolute', () => {
    expect(tree[0]!.children!.map((c) => c.path)).toEqual(['/admin/index', '/workbench'])
    expect(tree[1]!.children!.map((c) => c.path)).toEqual([
      '/supplier/purchase',
      '/supplier/outsourcing',
      '/supplier/detail',
    ])
  })

  it('replaces a menuHidden item by its children and drops hidden items and empty groups', () => {
    const view = menuView(tree)
    expect(view.map((i) => i.path)).toEqual([
      '/admin/index',
      '/workbench',
      '/supplier',
      '/order/order',
    ])
    expect(view[2]!.children!.map((c) => c.path)).toEqual([
      '/supplier/purchase',
      '/supplier/outsourcing',
    ])
  })

  it('shows a single child in place of its group unless alwaysShow', () => {
    const view = menuView(tree)
    expect(view.find((i) => i.path === '/order')).toBeUndefined()
    expect(view.find((i) => i.path === '/order/order')).toBeTruthy()
    const always = menuView(
      normalizeMenu([group('/order', [item('/order/order')], { alwaysShow: true })]),
    )
    expect(always[0]!.path).toBe('/order')
  })

  it('highlights meta.activeMenu for a hidden page, else the page itself', () => {
    expect(activeMenuPath(tree, '/supplier/detail')).toBe('/supplier/purchase')
    expect(activeMenuPath(tree, '/supplier/outsourcing')).toBe('/supplier/outsourcing')
  })

  it('finds the breadcrumb trail and each crumb target', () => {
    const trail = findTrail(tree, '/supplier/outsourcing')
    expect(trail.map((i) => i.path)).toEqual(['/supplier', '/supplier/outsourcing'])
    expect(targetOf(trail[0]!)).toBe('/supplier/purchase')
    expect(firstPage(tree[1]!)).toBe('/supplier/purchase')
    expect(findTrail(tree, '/nowhere')).toEqual([])
  })

  it('knows every page, hidden ones included, and where to send a user outside their menu', () => {
    expect(pagePaths(tree).has('/setting/personalCenter')).toBe(true)
    expect(accessRedirect(tree, '/setting/personalCenter')).toBeUndefined()
    expect(accessRedirect(tree, '/system/role')).toBe('/403')
    const noHome = normalizeMenu([group('/', [item('/workbench')], { menuHidden: true })])
    expect(accessRedirect(noHome, '/admin/index')).toBe('/workbench')
    expect(accessRedirect([], '/system/role')).toBeUndefined()
  })

  it('builds tabs from menu items, with the parent icon when the page has none', () => {
    expect(tabOf(tree, '/admin/index')).toMatchObject({
      name: 'admin-index',
      meta: { title: 'Home', titleZh: '首页', noClosable: true, icon: 'home' },
    })
    expect(tabOf(tree, '/supplier/purchase')?.meta.icon).toBe('supplier')
    expect(tabOf(tree, '/supplier')).toBeUndefined()
    expect(tabOf(tree, '/unknown')).toBeUndefined()
  })

  it('titles follow the language, falling back to the English source', () => {
    expect(titleIn({ title: 'Home', titleZh: '首页' }, 'zh')).toBe('首页')
    expect(titleIn({ title: 'Home', titleZh: '首页' }, 'en')).toBe('Home')
    expect(titleIn({ title: 'Home' }, 'zh')).toBe('Home')
  })
})
