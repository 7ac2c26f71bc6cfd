/**
 * `PUBLIC_URL`: the address visitors reach the site at (`https://www.example.com`, or with the
 * sub-path of BASE_PATH, `https://www.example.com/Nst/`). Canonical, `og:url`, JSON-LD, the
 * sitemap and robots.txt take their absolute URLs from it, never from the request's `Host`.
 */
export type PublicUrl = { ok: true; origin: string; path: string } | { ok: false; reason: string }

/** The origin (`scheme://host[:port]`) and path (`/` or `/Nst/`) of a PUBLIC_URL, or why it is refused. */
export function parsePublicUrl(text: string): PublicUrl {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return {
      ok: false,
      reason: 'must be an absolute http(s) address such as https://www.example.com',
    }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      ok: false,
      reason: 'must be an absolute http(s) address such as https://www.example.com',
    }
  }
  if (url.username || url.password)
    return { ok: false, reason: 'must not hold a user name or password' }
  if (url.search || url.hash || text.includes('?') || text.includes('#')) {
    return { ok: false, reason: 'must not hold a query (?) or fragment (#)' }
  }
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`
  return { ok: true, origin: url.origin, path }
}

/** The origin absolute URLs are built from: PUBLIC_URL's, else (development only) the request's. */
export const siteOrigin = (publicOrigin: string | null, req: { protocol: string; host: string }) =>
  publicOrigin ?? `${req.protocol}://${req.host}`
