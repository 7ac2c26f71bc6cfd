/**
 * Splits a managed link such as `/products?sort=1` into router `to` and `search`; outside links go
 * home. A whole number becomes a number, as the router writes it (`sort=1`, not `sort=%221%22`).
 */
export function internalLink(link: string): {
  to: string
  search: Record<string, string | number>
} {
  if (!link.startsWith('/') || link.startsWith('//')) return { to: '/index', search: {} }
  const u = new URL(link, 'http://internal')
  const value = (v: string) => (/^(0|[1-9]\d{0,14})$/.test(v) ? Number(v) : v)
  return {
    to: u.pathname,
    search: Object.fromEntries([...u.searchParams].map(([k, v]) => [k, value(v)])),
  }
}
