/** Splits a managed link such as `/products?sort=1` into router `to` and `search`; outside links go home. */
export function internalLink(link: string): { to: string; search: Record<string, string> } {
  if (!link.startsWith('/') || link.startsWith('//')) return { to: '/index', search: {} }
  const u = new URL(link, 'http://internal')
  return { to: u.pathname, search: Object.fromEntries(u.searchParams) }
}
