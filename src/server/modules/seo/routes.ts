import type { FastifyInstance } from 'fastify'
import { siteOrigin } from '../../public-url.ts'
import { readContentVersion } from '../content/content-version.ts'
import { withLang } from './html.ts'
import { markup } from './html-template.ts'

const staticPages = [
  '/index',
  '/aboutus',
  '/products',
  '/equipment',
  '/news',
  '/contactus',
  '/supplier-apply',
]

/** The day of the last content save, from the version stamp (content-version.ts: base-36 time first). */
function versionDay(version: string): string | undefined {
  const ms = parseInt(version.split('-')[0] ?? '', 36)
  return Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString().slice(0, 10) : undefined
}

const day = (ts: string | Date) => new Date(ts).toISOString().slice(0, 10)

/** `robots.txt` and a server-generated `sitemap.xml` of the public pages in both languages. */
export async function seoRoutes(app: FastifyInstance) {
  // the pages are under BASE_PATH (`/` or `/Nst/`): `origin + '/index'` is the page's address
  const basePath = app.deps.config.basePath
  const origin = (req: { protocol: string; host: string }) =>
    `${siteOrigin(app.deps.config.publicOrigin, req)}${basePath.slice(0, -1)}`

  app.get('/robots.txt', { schema: { hide: true } }, async (req, reply) => {
    const base = origin(req)
    return reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          `Allow: ${basePath}`,
          `Disallow: ${app.deps.config.apiPrefix}/`,
          `Disallow: ${basePath}admin/`,
          `Disallow: ${basePath}login`,
          `Sitemap: ${base}/sitemap.xml`,
          '',
        ].join('\n'),
      )
  })

  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
    const db = app.deps.db.db
    const base = origin(req)
    const [categories, products, news, version] = await Promise.all([
      db.selectFrom('product_category').select('id').orderBy('sort').orderBy('id').execute(),
      db
        .selectFrom('product')
        .select(['id', 'category_id', 'updated_at'])
        .where('published', '=', 1)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('news')
        .select(['id', 'published_at'])
        .where('published', '=', 1)
        .orderBy('id')
        .execute(),
      readContentVersion(db),
    ])
    const saved = versionDay(version)
    // a category page changes with its products
    const categoryDay = new Map<number, string>()
    for (const p of products) {
      const d = day(p.updated_at)
      if ((categoryDay.get(p.category_id) ?? '') < d) categoryDay.set(p.category_id, d)
    }
    const pages: { path: string; lastmod?: string }[] = [
      ...staticPages.map((p) => ({ path: p, lastmod: saved })),
      ...categories.map((c) => ({
        path: `/products?sort=${c.id}`,
        lastmod: categoryDay.get(c.id) ?? saved,
      })),
      ...products.map((p) => ({ path: `/prodetail?id=${p.id}`, lastmod: day(p.updated_at) })),
      ...news.map((n) => ({ path: `/news/detail?id=${n.id}`, lastmod: day(n.published_at) })),
    ]
    // every page in each language, each naming the other (and the language-neutral address)
    const entry = (path: string, lang: string, lastmod: string | undefined) =>
      markup`  <url><loc>${base + withLang(path, lang)}</loc>${lastmod && markup`<lastmod>${lastmod}</lastmod>`}\
${['zh', 'en'].map((l) => markup`<xhtml:link rel="alternate" hreflang="${l}" href="${base + withLang(path, l)}"/>`)}\
<xhtml:link rel="alternate" hreflang="x-default" href="${base + path}"/></url>`.value
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...pages.flatMap((p) => [entry(p.path, 'zh', p.lastmod), entry(p.path, 'en', p.lastmod)]),
      '</urlset>',
      '',
    ].join('\n')
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=600')
      .send(body)
  })
}
