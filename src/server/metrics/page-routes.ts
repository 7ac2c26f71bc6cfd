import { staffScreens } from '#shared/staff-screens'

/**
 * The pages of the web client (its file routes, src/client/routes), for the `route` label of
 * the request metrics: a page the server answers with the app shell or a rendered page counts
 * under its own path, an unknown path under `unmatched` (so scanners cannot grow the label set).
 */
export const sitePages = [
  '/',
  '/index',
  '/aboutus',
  '/products',
  '/products/products',
  '/prodetail',
  '/equipment',
  '/news',
  '/news/detail',
  '/contactus',
  '/supplier-apply',
] as const

/** Sign-in, sign-up, WeChat and status pages, and the staff entry. */
export const otherPages = [
  '/login',
  '/phonelogin',
  '/register',
  '/selectaccount',
  '/wxbd',
  '/wxlogin',
  '/callback',
  '/admin',
  '/403',
  '/404',
] as const

const byLowerCase = new Map(
  [...sitePages, ...otherPages, ...staffScreens].map((p) => [p.toLowerCase(), p as string]),
)

/** The page route of a request URL (without BASE_PATH), or undefined when it names no page. */
export function pageRouteOf(url: string): string | undefined {
  const p = url.split(/[?#]/)[0]!.toLowerCase()
  return byLowerCase.get(p.length > 1 ? p.replace(/\/+$/, '') : p)
}
