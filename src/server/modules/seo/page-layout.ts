import { markup, type Html } from './html-template.ts'
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
function header(ctx: PageContext, path: string): Html {
  const { lang } = ctx
  const other = lang === 'zh' ? 'en' : 'zh'
  const section = '/' + (path.split(/[/?]/)[1] ?? '')
  const items = nav.map((item) => {
    const active = item.to === section && markup` class="active"`
    const sub =
      item.products &&
      markup`<ul class="site-submenu">${ctx.categories.map(
        (k) =>
          markup`<li><a href="${link(ctx, `/products?sort=${k.Id}`, lang)}">${pickHtml(k.Title, k.TitleEn, lang)}</a></li>`,
      )}</ul>`
    return markup`<li${item.products && markup` class="has-submenu"`}><a href="${link(ctx, item.to, lang)}"${active}>${st(item.label, lang)}</a>${sub}</li>`
  })
  return markup`<header class="site-header"><div class="site-header-inner">\
<button type="button" class="site-menu-button" aria-hidden="true" tabindex="-1"><span></span><span></span><span></span></button>\
<a href="${link(ctx, '/index', lang)}" class="site-logo"><img src="${sitePath(ctx, '/logo.svg')}" alt="" width="32" height="32"><span>${st('Forgeline Precision', lang)}</span></a>\
<nav class="site-nav" aria-label="${st('Main menu', lang)}"><ul>${items}</ul></nav>\
<a class="lang-switch" href="${link(ctx, path, other)}" hreflang="${other === 'zh' ? 'zh-CN' : 'en'}" lang="${other === 'zh' ? 'zh-CN' : 'en'}">${other === 'zh' ? '中文' : 'EN'}</a>\
</div></header>`
}

/** The public footer (site-footer.tsx): company, address, phone, fax, mail, website, QR images. */
function footer(ctx: PageContext): Html {
  const { lang, contact: c } = ctx
  const company = pick(c.Company, c.CompanyEn, lang)
  const site = c.Website.replace(/^https?:\/\//, '').replace(/\/$/, '')
  return markup`<footer class="site-footer"><div class="site-footer-inner"><div class="site-footer-info">\
<p class="site-footer-company">${company}</p><dl>\
<dt>${st('Address', lang)}</dt><dd>${pickHtml(c.Address, c.AddressEn, lang)}</dd>\
<dt>${st('Phone', lang)}</dt><dd><a href="tel:${c.Phone.replace(/[^\d+]/g, '')}">${c.Phone}</a></dd>\
<dt>${st('Fax', lang)}</dt><dd>${c.Fax}</dd>\
<dt>${st('Mail', lang)}</dt><dd><a href="mailto:${c.Mail}">${c.Mail}</a></dd>\
<dt>${st('Website', lang)}</dt><dd><a href="${c.Website}" rel="noopener">${site}</a></dd></dl>\
<p class="site-footer-supplier"><a href="${link(ctx, '/supplier-apply', lang)}">${st('Suppliers: apply to work with us', lang)}</a></p></div>\
<div class="site-footer-qr">${c.Qr.map(
    (q) =>
      markup`<figure><img src="${q.Image}" alt="${pick(q.Title, q.TitleEn, lang)}" width="96" height="96" loading="lazy">\
<figcaption>${pickHtml(q.Title, q.TitleEn, lang)}</figcaption></figure>`,
  )}</div></div><p class="site-footer-copy">© ${new Date().getFullYear()} ${company}</p></footer>`
}

/** The public layout (site-layout.tsx) around a page's main content. */
export const siteLayout = (ctx: PageContext, path: string, main: Html): Html =>
  markup`<div class="site">${header(ctx, path)}<main class="site-main">${main}</main>${footer(ctx)}</div>`
