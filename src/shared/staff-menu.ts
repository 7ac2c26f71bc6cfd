import type { Requirement } from './acl.ts'
import type { MenuMeta } from './contract/menu.ts'

/**
 * The staff menu every installation starts with (DESIGN §3), as data: the server seeds it
 * (db/seed/menu-seed.ts) and the mock mode serves it (client/mocks/menu.ts).
 */
export type SeedItem = {
  path: string
  name: string
  component: string
  redirect?: string
  hidden?: boolean
  alwaysShow?: boolean
  menuHidden?: boolean
  meta: MenuMeta
  /** null: any signed-in user; children inherit their group's requirement */
  permission?: Requirement | null
  children?: SeedItem[]
}

const content: Requirement = { ability: ['CONTENT'] }
const orders: Requirement = { ability: ['ORDERS'] }
const admin: Requirement = ['admin']
/** every built-in role holds READ; an account without a role does not */
const anyRole: Requirement = { ability: ['READ'] }

const leaf = (
  path: string,
  name: string,
  title: string,
  titleZh: string,
  icon: string,
  extra: Partial<MenuMeta> = {},
): SeedItem => ({
  path,
  name,
  component: path.slice(1),
  meta: { title, titleZh, icon, ...extra },
})

const group = (
  path: string,
  name: string,
  title: string,
  titleZh: string,
  icon: string,
  children: SeedItem[],
  more: Partial<SeedItem> = {},
): SeedItem => ({
  path,
  name,
  component: 'Layout',
  redirect: children[0]!.path,
  meta: { title, titleZh, icon },
  children,
  ...more,
})

/** The staff menu of DESIGN §3 (titles: English source, Chinese). */
export const staffMenu: SeedItem[] = [
  group(
    '/',
    'Root',
    'Home',
    '首页',
    'home',
    [
      {
        ...leaf('/admin/index', 'Index', 'Home', '首页', 'home', { noClosable: true }),
        permission: anyRole,
      },
      leaf('/workbench', 'Workbench', 'All messages', '全部消息', 'message'),
    ],
    { menuHidden: true },
  ),
  group(
    '/admin',
    'Content',
    'Content',
    '内容管理',
    'content',
    [
      leaf('/admin/lunbo', 'Lunbo', 'Carousel', '轮播图', 'image'),
      leaf('/admin/pro/promanage', 'ProManage', 'Product management', '产品管理', 'product'),
      leaf('/admin/linkus', 'LinkUs', 'Contact information', '联系我们信息', 'contact'),
      leaf('/admin/about', 'AboutAdmin', 'About us', '关于我们', 'info'),
      leaf('/admin/news', 'NewsAdmin', 'News', '新闻动态', 'news'),
      leaf('/admin/equipment', 'EquipmentAdmin', 'Equipment', '生产设备', 'factory'),
      leaf('/admin/wxUserManagement', 'WxUserManagement', 'WeChat users', '微信用户', 'wechat'),
      leaf('/admin/leaving', 'Leaving', 'Visitor messages', '访客留言', 'message'),
    ],
    { alwaysShow: true, permission: content },
  ),
  group(
    '/supplier',
    'Supplier',
    'Suppliers',
    '供应商管理',
    'supplier',
    [
      leaf('/supplier/purchase', 'Purchase', 'Purchase', '采购', 'cart'),
      leaf('/supplier/outsourcing', 'Outsourcing', 'Outsourcing', '外协', 'factory'),
      leaf('/supplier/quality', 'Quality', 'Quality inspection', '质检', 'check'),
      leaf('/supplier/warehouse', 'Warehouse', 'Warehouse', '仓库', 'warehouse'),
      leaf('/supplier/finance', 'Finance', 'Finance', '财务', 'money'),
      leaf('/supplier/forms', 'SupplierForms', 'Supplier forms', '供应商表单', 'form'),
    ],
    { alwaysShow: true, permission: orders },
  ),
  group(
    '/order',
    'Order',
    'Order management',
    '订单管理',
    'order',
    [leaf('/order/order', 'OrderList', 'Orders', '订单', 'order')],
    {
      permission: orders,
    },
  ),
  group(
    '/ship',
    'Ship',
    'Shipping management',
    '发货管理',
    'truck',
    [leaf('/ship/ship', 'ShipList', 'Shipping', '发货', 'truck')],
    {
      permission: orders,
    },
  ),
  group(
    '/production',
    'Production',
    'Production',
    '生产管理',
    'chart',
    [leaf('/production/report', 'ProductionReport', 'Production reports', '生产报表', 'chart')],
    { permission: orders },
  ),
  group(
    '/system',
    'System',
    'System',
    '系统管理',
    'setting',
    [
      leaf('/system/user', 'User', 'Users', '用户管理', 'user'),
      leaf('/system/role', 'Role', 'Roles', '角色管理', 'role'),
      leaf('/system/department', 'Department', 'Departments', '部门管理', 'department'),
      leaf('/system/menu', 'Menu', 'Menus', '菜单管理', 'menu'),
      leaf('/system/log', 'Log', 'Operation log', '操作日志', 'log'),
    ],
    { alwaysShow: true, permission: admin },
  ),
  group(
    '/setting',
    'Setting',
    'Settings',
    '设置',
    'setting',
    [leaf('/setting/personalCenter', 'PersonalCenter', 'Personal centre', '个人中心', 'user')],
    {
      hidden: true,
    },
  ),
]
