import type { FastifyInstance } from 'fastify'

/** A positive whole number as the address carries it, or undefined. */
const positiveId = (v: unknown) =>
  typeof v === 'string' && /^[1-9][0-9]{0,9}$/.test(v) ? v : undefined
const knownLang = (v: unknown) => (v === 'zh' || v === 'en' ? v : undefined)

/**
 * SPEC §2 names the category links `/products/products?sort={id}`; the site's address is
 * `/products?sort={id}`. Old links (and crawlers that learnt them) get a permanent redirect, so
 * one page has one address. The target is relative, so it holds under any base path.
 */
export async function legacyRedirects(app: FastifyInstance) {
  app.get('/products/products', { schema: { hide: true } }, async (req, reply) => {
    const query = req.query as Record<string, unknown>
    const params = new URLSearchParams()
    const sort = positiveId(query.sort)
    const lang = knownLang(query.lang)
    if (sort) params.set('sort', sort)
    if (lang) params.set('lang', lang)
    const search = params.size > 0 ? `?${params.toString()}` : ''
    return reply
      .header('Cache-Control', 'public, max-age=86400')
      .redirect(`../products${search}`, 301)
  })
}
