import { scriptJson, withLang } from './html.ts'
import { markup, raw, type Html } from './html-template.ts'
import { absolute, pick, type Page, type PageContext } from './page-model.ts'
import { st } from './texts.ts'

/** The SPEC §2 title rule (src/client/lib/page-title.ts): page name, separator, site title. */
export const composeTitle = (page: string | undefined, site: string) =>
  page ? `${page} - ${site}` : site

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
    ...(c.Address || c.AddressEn
      ? { address: { '@type': 'PostalAddress', streetAddress: pick(c.Address, c.AddressEn, lang) } }
      : {}),
    ...(c.Phone ? { telephone: c.Phone } : {}),
    ...(c.Fax ? { faxNumber: c.Fax } : {}),
    ...(c.Mail ? { email: c.Mail } : {}),
    ...(c.Website ? { sameAs: [c.Website] } : {}),
  }
}

const ldScript = (value: Record<string, unknown>) =>
  // JSON with its own escaping for a script element (scriptJson): trusted as is
  markup`<script type="application/ld+json">${raw(scriptJson({ '@context': 'https://schema.org', ...value }))}</script>`

/**
 * The head of a public page: title, description, canonical and language alternates (each
 * language has its own URL, `?lang=`; the bare URL is x-default and follows the visitor's
 * choice; each names itself canonical), Open Graph and Twitter card, and the page's structured data.
 */
export function pageHead(ctx: PageContext, page: Page, explicit: boolean): Html {
  const { lang } = ctx
  const site = st('Forgeline Precision', lang)
  const title = composeTitle(page.name, site)
  const url = (l: string) => absolute(ctx, withLang(page.path, l))
  const self = explicit ? url(lang) : absolute(ctx, page.path)
  const image = absolute(ctx, page.image || defaultImage)
  const description = page.description
  const tags = [
    markup`<title>${title}</title>`,
    markup`<meta name="description" content="${description}">`,
    page.status === 404
      ? markup`<meta name="robots" content="noindex">`
      : markup`<link rel="canonical" href="${self}">`,
    markup`<link rel="alternate" hreflang="zh" href="${url('zh')}">`,
    markup`<link rel="alternate" hreflang="en" href="${url('en')}">`,
    markup`<link rel="alternate" hreflang="x-default" href="${absolute(ctx, page.path)}">`,
    markup`<meta property="og:type" content="${page.ogType}">`,
    markup`<meta property="og:site_name" content="${site}">`,
    markup`<meta property="og:title" content="${page.name ?? site}">`,
    markup`<meta property="og:description" content="${description}">`,
    markup`<meta property="og:url" content="${self}">`,
    markup`<meta property="og:image" content="${image}">`,
    markup`<meta property="og:locale" content="${lang === 'zh' ? 'zh_CN' : 'en_US'}">`,
    markup`<meta property="og:locale:alternate" content="${lang === 'zh' ? 'en_US' : 'zh_CN'}">`,
    markup`<meta name="twitter:card" content="summary_large_image">`,
    markup`<meta name="twitter:title" content="${page.name ?? site}">`,
    markup`<meta name="twitter:description" content="${description}">`,
    markup`<meta name="twitter:image" content="${image}">`,
  ]
  const ld = [organization(ctx), ...page.jsonLd.map((x) => ({ url: url(lang), ...x }))]
  if (page.trail.length > 0) {
    const trail = [{ name: st('Home', lang), path: '/index' }, ...page.trail]
    ld.push({
      '@type': 'BreadcrumbList',
      itemListElement: trail.map((c, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: c.name,
        item: absolute(ctx, withLang(c.path, lang)),
      })),
    })
  }
  return markup`${tags}${page.head}${ld.map(ldScript)}`
}
