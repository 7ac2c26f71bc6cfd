import { isStaffSection } from '#shared/staff-sections'

/**
 * The app's pages, lower case: the public ones and those the server does not render itself
 * (sign-in, status pages, staff screens), which it answers with the app shell and 200. Every other address that is not a public page the
 * server renders is unknown: 404, in the site layout, or in the staff layout under a staff
 * section (SPEC §8 keeps `/404` as a page). `tests/server/app-paths.test.ts` keeps this list
 * equal to the route files of `src/client/routes`.
 */
export const appPagePaths: ReadonlySet<string> = new Set([
  // the public pages (rendered by render-page.ts; the shell when rendering fails)
  '/',
  '/index',
  '/aboutus',
  '/contactus',
  '/equipment',
  '/news',
  '/news/detail',
  '/prodetail',
  '/products',
  '/products/products',
  '/supplier-apply',
  // the others
  '/403',
  '/404',
  '/admin',
  '/callback',
  '/login',
  '/phonelogin',
  '/register',
  '/selectaccount',
  '/wxbd',
  '/wxlogin',
  '/workbench',
  '/admin/index',
  '/admin/about',
  '/admin/equipment',
  '/admin/leaving',
  '/admin/linkus',
  '/admin/lunbo',
  '/admin/news',
  '/admin/pro/promanage',
  '/admin/wxusermanagement',
  '/order/order',
  '/production/report',
  '/setting/personalcenter',
  '/ship/ship',
  '/supplier/finance',
  '/supplier/forms',
  '/supplier/outsourcing',
  '/supplier/purchase',
  '/supplier/quality',
  '/supplier/warehouse',
  '/system/department',
  '/system/log',
  '/system/menu',
  '/system/role',
  '/system/user',
])

export type PathKind = 'app' | 'staff-missing' | 'public-missing'

/**
 * What a path the server does not render is: an app page, an unknown staff address or an
 * unknown public one. The client router matches paths without regard to case, so does this.
 */
export function pathKind(pathname: string): PathKind {
  const p = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase()
  if (appPagePaths.has(p)) return 'app'
  const section = p.split('/')[1] ?? ''
  return isStaffSection(section) ? 'staff-missing' : 'public-missing'
}
