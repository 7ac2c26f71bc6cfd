import type { FastifyRequest } from 'fastify'
import type { Lang } from '../../i18n.ts'

/** The cookie the language switch writes (src/client/lib/locale-store.ts). */
export const langCookie = 'forgeline-lang'

const asLang = (v: string | null | undefined): Lang | undefined =>
  v === 'zh' || v === 'en' ? v : undefined

/** The saved choice in the cookie header, if any. */
function cookieLang(header: string | undefined): Lang | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const [name, value] = part.split('=').map((s) => s.trim())
    if (name === langCookie) return asLang(decodeURIComponent(value ?? '').replace(/"/g, ''))
  }
  return undefined
}

/** The first of zh / en the browser prefers in `Accept-Language` (by q-value, then order). */
export function acceptLang(header: string | undefined): Lang | undefined {
  if (!header) return undefined
  const ranked = header
    .slice(0, 500)
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i }
    })
    .filter((x) => x.q > 0 && !Number.isNaN(x.q))
    .sort((a, b) => b.q - a.q || a.i - b.i)
  for (const { tag } of ranked) {
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh'
    if (tag === 'en' || tag.startsWith('en-')) return 'en'
  }
  return undefined
}

/**
 * The language of a page's HTML: the URL's `?lang=`, else the saved choice (cookie), else the
 * browser's `Accept-Language`, else Chinese (SPEC §3 default). `explicit`: the URL decided, so
 * the answer does not vary with the request's headers.
 */
export function pageLang(
  req: Pick<FastifyRequest, 'headers'>,
  search: URLSearchParams,
): { lang: Lang; explicit: boolean } {
  const fromUrl = asLang(search.get('lang'))
  if (fromUrl) return { lang: fromUrl, explicit: true }
  const lang = cookieLang(req.headers.cookie) ?? acceptLang(req.headers['accept-language']) ?? 'zh'
  return { lang, explicit: false }
}
