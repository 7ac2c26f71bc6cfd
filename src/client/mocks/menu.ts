import { can, type Requirement, type Subject } from '#shared/acl'
import type { MenuItem, MenuMeta } from '#shared/contract/menu'

type Node = Omit<MenuItem, 'children'> & { permission?: Requirement | null; children?: Node[] }

const content: Requirement = { ability: ['CONTENT'] }
const orders: Requirement = { ability: ['ORDERS'] }
const anyRole: Requirement = { ability: ['READ'] }

const leaf = (path: string, name: string, title: string, titleZh: string, icon: string, extra: Partial<MenuMeta> = {}): Node => ({
  path,
  name,
  component: path.slice(1),
  hidden: false,
  alwaysShow: false,
  menuHidden: false,
  meta: { title, titleZh, icon, ...extra },
})

const group = (path: string, name: string, title: string, titleZh: string, icon: string, children: Node[], more: Partial<Node> = {}): Node => ({
  ...leaf(path, name, title, titleZh, icon),
  component: 'Layout',
  redirect: children[0]!.path,
  children,
  ...more,
})

/** The staff menu of DESIGN §3 as the server seeds it (English source titles, Chinese titles). */
const staffMenu: Node[] = [
  group('/', 'Root', 'Home', '首页', 'home', [
    { ...leaf('/admin/index', 'Index', 'Home', '首页', 'home', { noClosable: true }), permission: anyRole },
    leaf('/workbench', 'Workbench', 'All messages', '全部消息', 'message'),
  ], { menuHidden: true }),
  group('/admin', 'Content', 'Content', '内容管理', 'content', [
    leaf('/admin/lunbo', 'Lunbo', 'Carousel', '轮播图', 'image'),
    leaf('/admin/pro/promanage', 'ProManage', 'Product management', '产品管理', 'product'),
    leaf('/admin/linkus', 'LinkUs', 'Contact information', '联系我们信息', 'contact'),
    leaf('/admin/about', 'AboutAdmin', 'About us', '关于我们', 'info'),
    leaf('/admin/news', 'NewsAdmin', 'News', '新闻动态', 'news'),
    leaf('/admin/equipment', 'EquipmentAdmin', 'Equipment', '生产设备', 'factory'),
    leaf('/admin/wxUserManagement', 'WxUserManagement', 'WeChat users', '微信用户', 'wechat'),
    leaf('/admin/leaving', 'Leaving', 'Visitor messages', '访客留言', 'message'),
  ], { alwaysShow: true, permission: content }),
  group('/supplier', 'Supplier', 'Suppliers', '供应商管理', 'supplier', [
    leaf('/supplier/purchase', 'Purchase', 'Purchase', '采购', 'cart'),
    leaf('/supplier/outsourcing', 'Outsourcing', 'Outsourcing', '外协', 'factory'),
    leaf('/supplier/quality', 'Quality', 'Quality inspection', '质检', 'check'),
    leaf('/supplier/warehouse', 'Warehouse', 'Warehouse', '仓库', 'warehouse'),
    leaf('/supplier/finance', 'Finance', 'Finance', '财务', 'money'),
    leaf('/supplier/forms', 'SupplierForms', 'Supplier forms', '供应商表单', 'form'),
  ], { alwaysShow: true, permission: orders }),
  group('/order', 'Order', 'Order management', '订单管理', 'order', [leaf('/order/order', 'OrderList', 'Orders', '订单', 'order')], { permission: orders }),
  group('/ship', 'Ship', 'Shipping management', '发货管理', 'truck', [leaf('/ship/ship', 'ShipList', 'Shipping', '发货', 'truck')], { permission: orders }),
  group('/production', 'Production', 'Production', '生产管理', 'chart', [
    leaf('/production/report', 'ProductionReport', 'Production reports', '生产报表', 'chart'),
  ], { permission: orders }),
  group('/system', 'System', 'System', '系统管理', 'setting', [
    leaf('/system/user', 'User', 'Users', '用户管理', 'user'),
    leaf('/system/role', 'Role', 'Roles', '角色管理', 'role'),
    leaf('/system/department', 'Department', 'Departments', '部门管理', 'department'),
    leaf('/system/menu', 'Menu', 'Menus', '菜单管理', 'menu'),
    leaf('/system/log', 'Log', 'Operation log', '操作日志', 'log'),
  ], { alwaysShow: true, permission: ['admin'] }),
  group('/setting', 'Setting', 'Settings', '设置', 'setting', [
    leaf('/setting/personalCenter', 'PersonalCenter', 'Personal centre', '个人中心', 'user'),
  ], { hidden: true }),
]

/**
 * The menu a subject may see, filtered with shared/acl `can` as the server does: an item needs
 * its own requirement, a group without visible children disappears, permissions are not sent.
 */
export function menuFor(subject: Subject, nodes: readonly Node[] = staffMenu): MenuItem[] {
  const out: MenuItem[] = []
  for (const { permission, children, ...item } of nodes) {
    if (!can(subject, permission ?? undefined)) continue
    if (!children) {
      out.push(item)
      continue
    }
    const visible = menuFor(subject, children)
    if (visible.length > 0) out.push({ ...item, children: visible })
  }
  return out
}
