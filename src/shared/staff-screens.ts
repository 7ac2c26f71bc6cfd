/** Screens of each area, for endpoints serving several of them. */
export const contentScreens = [
  '/admin/lunbo',
  '/admin/pro/promanage',
  '/admin/linkus',
  '/admin/about',
  '/admin/news',
  '/admin/equipment',
  '/admin/wxUserManagement',
  '/admin/leaving',
] as const
export const orderScreens = [
  '/supplier/purchase',
  '/supplier/outsourcing',
  '/supplier/quality',
  '/supplier/warehouse',
  '/supplier/finance',
  '/supplier/forms',
  '/order/order',
  '/ship/ship',
  '/production/report',
] as const

const systemScreens = [
  '/system/user',
  '/system/role',
  '/system/department',
  '/system/menu',
  '/system/log',
] as const

/**
 * The staff screens of the client (the file routes under `src/client/routes/_staff`, DESIGN §3).
 * Menu items may only point at these (or at an external URL), and staff endpoints name the
 * screens they serve, so a role's menu entries decide which of them its users may call.
 */
export const staffScreens = [
  '/admin/index',
  '/workbench',
  ...contentScreens,
  ...orderScreens,
  ...systemScreens,
  '/setting/personalCenter',
] as const

export type StaffScreen = (typeof staffScreens)[number]

/** The component key of a menu group (SPEC §3 "component"): the shell layout. */
export const groupComponent = 'Layout'

/** The component key of a screen: its path without the leading slash (`admin/lunbo`). */
export const componentOf = (screen: StaffScreen): string => screen.slice(1)

/** Every component key a menu item may name. */
export const componentKeys: readonly string[] = [groupComponent, ...staffScreens.map(componentOf)]

export const isStaffScreen = (path: string): path is StaffScreen =>
  (staffScreens as readonly string[]).includes(path)
