import { esc } from './html.ts'
import { link, pick, pickHtml, sitePath, type PageContext } from './page-model.ts'
import { st, type SiteText } from './texts.ts'

const nav: { to: string; label: SiteText; products?: true }[] = [
  { to: '/index', label: 'Home' },
  { to: '/aboutus', label: 'About us' },
  { to: '/products', label: 'Products', products: true },
  { to: '/equipment', label: 'Equipment' },
  { to: '/news', label: 'News' },
  { to: '/contactus', label: 'Contact us' },
]

/** The public header (site-header.tsx): logo, menu with the product categories, language link. */
function header(ctx: PageContext, path: string): string {
  const { lang } = ctx
  const other = lang === 'zh' ? 'en' : 'zh'
  const section = '/' + (path.split(/[/?]/)[1] ?? '')
  const items = nav
    .map((item) => {
      const active = item.to === section || (item.to === '/news' && section === '/news') ? ' class="active"' : ''
      const sub = item.products
        ? '<ul class="site-submenu">' +
          ctx.categories
            .map((k) => `<li><a href="${esc(link(ctx, `/products?sort=${k.Id}`, lang))}">${pickHtml(k.Title, k.TitleEn, lang)}</a></li>`)
            .join('') +
          '</ul>'
        : ''
      return `<li${item.products ? ' class="has-submenu"' : ''}><a href="${link(ctx, item.to, lang)}"${active}>${esc(st(item.label, lang))}</a>${sub}</li>`
    })
    .join('')
  return (
    '<header class="site-header"><div class="site-header-inner">' +
    '<button type="button" class="site-menu-button" aria-hidden="true" tabindex="-1"><span></span><span></span><span></span></button>' +
    `<a href="${link(ctx, '/index', lang)}" class="site-logo"><img src="${sitePath(ctx, '/logo.svg')}" alt="" width="32" height="32"><span>${esc(st('Forgeline Precision', lang))}</span></a>` +
    `<nav class="site-nav" aria-label="${esc(st('Main menu', lang))}"><ul>${items}</ul></nav>` +
    `<a class="lang-switch" href="${esc(link(ctx, path, other))}" hreflang="${other === 'zh' ? 'zh-CN' : 'en'}" lang="${other === 'zh' ? 'zh-CN' : 'en'}">${other === 'zh' ? '中文' : 'EN'}</a>` +
    '</div></header>'
  )
}

/** The public footer (site-footer.tsx): company, address, phone, fax, mail, website, QR images. */
function footer(ctx: PageContext): string {
  const { lang, contact: c } = ctx
  const company = esc(pick(c.Company, c.CompanyEn, lang))
  const site = c.Website.replace(/^https?:\/\//, '').replace(/\/$/, '')
  return (
    '<footer class="site-footer"><div class="site-footer-inner"><div class="site-footer-info">' +
    `<p class="site-footer-company">${company}</p><dl>` +
    `<dt>${esc(st('Address', lang))}</dt><dd>${pickHtml(c.Address, c.AddressEn, lang)}</dd>` +
    `<dt>${esc(st('Phone', lang))}</dt><dd><a href="tel:${esc(c.Phone.replace(/[^\d+]/g, ''))}">${esc(c.Phone)}</a></dd>` +
    `<dt>${esc(st('Fax', lang))}</dt><dd>${esc(c.Fax)}</dd>` +
    `<dt>${esc(st('Mail', lang))}</dt><dd><a href="mailto:${esc(c.Mail)}">${esc(c.Mail)}</a></dd>` +
    `<dt>${esc(st('Website', lang))}</dt><dd><a href="${esc(c.Website)}" rel="noopener">${esc(site)}</a></dd></dl>` +
    `<p class="site-footer-supplier"><a href="${link(ctx, '/supplier-apply', lang)}">${esc(st('Suppliers: apply to work with us', lang))}</a></p></div>` +
    '<div class="site-footer-qr">' +
    c.Qr.map(
      (q) =>
        `<figure><img src="${esc(q.Image)}" alt="${esc(pick(q.Title, q.TitleEn, lang))}" width="96" height="96" loading="lazy">` +
        `<figcaption>${pickHtml(q.Title, q.TitleEn, lang)}</figcaption></figure>`,
    ).join('') +
    `</div></div><p class="site-footer-copy">© ${new Date().getFullYear()} ${company}</p></footer>`
  )
}

/** The public layout (site-layout.tsx) around a page's main content. */
export const siteLayout = (ctx: PageContext, path: string, main: string) =>
  `<div class="site">${header(ctx, path)}<main class="site-main">${main}</main>${footer(ctx)}</div>`
