import type { FastifyInstance } from 'fastify'

const staticPages = ['/index', '/aboutus', '/products', '/equipment', '/news', '/contactus']

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

/** `robots.txt` and a server-generated `sitemap.xml` of the public pages and products. */
export async function seoRoutes(app: FastifyInstance) {
  const origin = (req: { protocol: string; host: string }) => `${req.protocol}://${req.host}`

  app.get('/robots.txt', { schema: { hide: true } }, async (req, reply) => {
    const base = origin(req)
    return reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          `Disallow: ${app.deps.config.apiPrefix}/`,
          'Disallow: /admin/',
          'Disallow: /login',
          `Sitemap: ${base}/sitemap.xml`,
          '',
        ].join('\n'),
      )
  })

  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
    const db = app.deps.db.db
    const base = origin(req)
    const [categories, products, news] = await Promise.all([
      db.selectFrom('product_category').select('id').orderBy('sort').execute(),
      db.selectFrom('product').select(['id', 'updated_at']).where('published', '=', 1).orderBy('id').execute(),
      db.selectFrom('news').select(['id', 'published_at']).where('published', '=', 1).orderBy('id').execute(),
    ])
    const urls: { loc: string; lastmod?: string }[] = [
      ...staticPages.map((p) => ({ loc: p })),
      ...categories.map((c) => ({ loc: `/products?sort=${c.id}` })),
      ...products.map((p) => ({ loc: `/prodetail?id=${p.id}`, lastmod: p.updated_at.slice(0, 10) })),
      ...news.map((n) => ({ loc: `/news/detail?id=${n.id}`, lastmod: n.published_at.slice(0, 10) })),
    ]
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls.map(
        (u) => `  <url><loc>${escapeXml(base + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`,
      ),
      '</urlset>',
      '',
    ].join('\n')
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=600').send(body)
  })
}
