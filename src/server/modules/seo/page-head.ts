import { esc, scriptJson, withLang } from './html.ts'
import { absolute, pick, type Page, type PageContext } from './page-model.ts'
import { st } from './texts.ts'

/** The SPEC §2 title rule (src/client/lib/page-title.ts): page name, separator, site title. */
export const composeTitle = (page: string | undefined, site: string) => (page ? `${page} - ${site}` : site)

/** Picture for share cards when a page has none of its own. */
const defaultImage = '/icons/icon-512.png'

/** schema.org Organization from the managed contact information. */
function organization(ctx: PageContext): Record<string, unknown> {
  const { lang, contact: c } = ctx
  return {
    '@type': 'Organization',
    '@id': `${absolute(ctx, '/')}#organization`,
    name: pick(c.Company, c.CompanyEn, lang) || st('Forgeline Precision', lang),
    url: absolute(ctx, '/'),
    logo: absolute(ctx, defaultImage),
    ...(c.Address || c.AddressEn ? { address: { '@type': 'PostalAddress', streetAddress: pick(c.Address, c.AddressEn, lang) } } : {}),
    ...(c.Phone ? { telephone: c.Phone } : {}),
    ...(c.Fax ? { faxNumber: c.Fax } : {}),
    ...(c.Mail ? { email: c.Mail } : {}),
    ...(c.Website ? { sameAs: [c.Website] } : {}),
  }
}

const ldScript = (value: Record<string, unknown>) =>
  `<script type="application/ld+json">${scriptJson({ '@context': 'https://schema.org', ...value })}</script>`

/**
 * The head of a public page: title, description, canonical and language alternates (each
 * language has its own URL, `?lang=`; the bare URL is x-default and follows the visitor's
 * choice; each names itself canonical), Open Graph and Twitter card, and the page's structured data.
 */
export function pageHead(ctx: PageContext, page: Page, explicit: boolean): string {
  const { lang } = ctx
  const site = st('Forgeline Precision', lang)
  const title = composeTitle(page.name, site)
  const url = (l: string) => esc(absolute(ctx, withLang(page.path, l)))
  const self = explicit ? url(lang) : esc(absolute(ctx, page.path))
  const image = esc(absolute(ctx, page.image || defaultImage))
  const description = esc(page.description)
  const tags = [
    `<title>${esc(title)}</title>`,
    `<meta name="description" content="${description}">`,
    page.status === 404 ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${self}">`,
    `<link rel="alternate" hreflang="zh" href="${url('zh')}">`,
    `<link rel="alternate" hreflang="en" href="${url('en')}">`,
    `<link rel="alternate" hreflang="x-default" href="${esc(absolute(ctx, page.path))}">`,
    `<meta property="og:type" content="${page.ogType}">`,
    `<meta property="og:site_name" content="${esc(site)}">`,
    `<meta property="og:title" content="${esc(page.name ?? site)}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${self}">`,
    `<meta property="og:image" content="${image}">`,
    `<meta property="og:locale" content="${lang === 'zh' ? 'zh_CN' : 'en_US'}">`,
    `<meta property="og:locale:alternate" content="${lang === 'zh' ? 'en_US' : 'zh_CN'}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${esc(page.name ?? site)}">`,
    `<meta name="twitter:description" content="${description}">`,
    `<meta name="twitter:image" content="${image}">`,
  ]
  const ld = [organization(ctx), ...page.jsonLd.map((x) => ({ url: url(lang).replace(/&amp;/g, '&'), ...x }))]
  if (page.trail.length > 0) {
    const trail = [{ name: st('Home', lang), path: '/index' }, ...page.trail]
    ld.push({
      '@type': 'BreadcrumbList',
      itemListElement: trail.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: absolute(ctx, withLang(c.path, lang)) })),
    })
  }
  return tags.join('') + (page.head ?? '') + ld.map(ldScript).join('')
}
