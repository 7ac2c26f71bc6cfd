import * as c from '#shared/contract/content'
import { getNews, getPage, listEquipment, listNews } from '../content/site-repository.ts'
import { paragraphs, summaryOf } from './html.ts'
import { markup, type Html } from './html-template.ts'
import {
  absolute,
  formatDate,
  link,
  pick,
  pickHtml,
  type Page,
  type PageContext,
} from './page-model.ts'
import { richText } from './rich-text-html.ts'
import { st, type SiteText } from './texts.ts'

const data = <T>(schema: { parse: (v: unknown) => { data: T } }, value: unknown): T =>
  schema.parse({ code: 0, msg: 'ok', data: value }).data

const genericDescription =
  'Jiangsu Forgeline Precision Machinery: forged and machined automotive parts — crankshafts, connecting rods, gears, flanges, steering knuckles and hubs.' as const

/** An English page showing a news item's Chinese summary says so (news-card.tsx). */
const summaryFlag = (n: c.NewsSummary, lang: PageContext['lang']) =>
  lang === 'en' &&
  !n.SummaryEn.trim() &&
  n.Summary.trim() !== '' &&
  markup`<span class="lang-flag" lang="en">${st('In Chinese', lang)}</span>`

export function newsCard(n: c.NewsSummary, ctx: PageContext): Html {
  const { lang } = ctx
  return markup`<a href="${link(ctx, `/news/detail?id=${n.Id}`, lang)}" class="news-card">\
<img src="${n.Image}" alt="" width="160" height="90" loading="lazy" decoding="async"><span class="news-card-text">\
<span class="news-card-title">${pickHtml(n.Title, n.TitleEn, lang)}</span>\
<time datetime="${n.PublishedAt}">${formatDate(n.PublishedAt, lang)}</time>\
<span class="news-card-summary">${summaryFlag(n, lang)}${pickHtml(n.Summary, n.SummaryEn, lang)}</span></span></a>`
}

/** A page that does not exist: HTTP 404 with the site's not-found state (site-not-found.tsx). */
export async function notFoundPage(
  ctx: PageContext,
  backPath: string,
  back: SiteText,
  o: { title: SiteText; text?: SiteText; testId: string } = {
    title: 'Product not found',
    testId: 'page-not-found',
  },
): Promise<Page> {
  const { lang } = ctx
  const main = markup`<div class="page site-not-found" data-testid="${o.testId}"><h1 class="site-not-found-title">${st(o.title, lang)}</h1>\
${o.text && markup`<p class="site-not-found-text">${st(o.text, lang)}</p>`}\
<a href="${link(ctx, backPath, lang)}" class="more-link">${st(back, lang)}</a></div>`
  return {
    status: 404,
    path: backPath,
    name: st(o.title, lang),
    description: st(o.title, lang),
    ogType: 'website',
    trail: [],
    main,
    jsonLd: [],
    queries: [],
  }
}

/** `/aboutus`: the managed company profile. */
export async function aboutPage(ctx: PageContext): Promise<Page> {
  const { lang } = ctx
  const found = await getPage(ctx.db, 'about')
  const about = found && data(c.aboutResponse, found)
  const title = about ? pick(about.Title, about.TitleEn, lang) : st('About us', lang)
  const body = about ? pick(about.Body, about.BodyEn, lang) : ''
  const [hero, ...more] = about?.Images ?? []
  const main = markup`<article class="page about">\
${hero && markup`<img class="about-hero" src="${hero.url}" alt="" width="1200" height="700" fetchpriority="high">`}\
<h1>${about ? pickHtml(about.Title, about.TitleEn, lang) : title}</h1>${paragraphs(body)}\
${more.map((i) => markup`<img class="about-image" src="${i.url}" alt="" width="800" height="600" loading="lazy">`)}</article>`
  return {
    status: 200,
    path: '/aboutus',
    name: st('About us', lang),
    description: summaryOf(body) || st(genericDescription, lang),
    image: hero?.url,
    ogType: 'website',
    trail: [{ name: st('About us', lang), path: '/aboutus' }],
    main,
    jsonLd: [],
    queries: about ? [[['site', 'about'], about]] : [],
    head: hero
      ? markup`<link rel="preload" as="image" href="${hero.url}" fetchpriority="high">`
      : undefined,
  }
}

/** `/equipment`: the plant's main equipment. */
export async function equipmentPage(ctx: PageContext): Promise<Page> {
  const { lang } = ctx
  const items = data(c.equipmentListResponse, await listEquipment(ctx.db))
  const main = markup`<div class="page"><h1>${st('Equipment', lang)}</h1><ul class="equipment-list">${items.map(
    (e) =>
      markup`<li class="equipment-card">${e.Image && markup`<img src="${e.Image}" alt="" width="800" height="600" loading="lazy" decoding="async">`}\
<div><h2>${pickHtml(e.Name, e.NameEn, lang)}</h2><p class="equipment-qty">${st('Units: {0}', lang, e.Quantity)}</p>\
<p>${pickHtml(e.Description, e.DescriptionEn, lang)}</p></div></li>`,
  )}</ul></div>`
  return {
    status: 200,
    path: '/equipment',
    name: st('Equipment', lang),
    description:
      summaryOf(items.map((e) => pick(e.Name, e.NameEn, lang)).join(', ')) ||
      st(genericDescription, lang),
    image: items.find((e) => e.Image)?.Image,
    ogType: 'website',
    trail: [{ name: st('Equipment', lang), path: '/equipment' }],
    main,
    jsonLd: [],
    queries: [[['site', 'equipment'], items]],
  }
}

/** `/news`: news, newest first (the client's first 50). */
export async function newsListPage(ctx: PageContext): Promise<Page> {
  const { lang } = ctx
  const news = data(c.newsListResponse, await listNews(ctx.db, 0, 50))
  return {
    status: 200,
    path: '/news',
    name: st('News', lang),
    description:
      summaryOf(news.result.map((n) => pick(n.Title, n.TitleEn, lang)).join(' · ')) ||
      st(genericDescription, lang),
    image: news.result.find((n) => n.Image)?.Image,
    ogType: 'website',
    trail: [{ name: st('News', lang), path: '/news' }],
    main: markup`<div class="page"><h1>${st('News', lang)}</h1><ul class="news-list">${news.result.map((n) => markup`<li>${newsCard(n, ctx)}</li>`)}</ul></div>`,
    jsonLd: [],
    queries: [[['site', 'news', 1, 50], news]],
  }
}

/** `/news/detail?id=`: one news item. */
export async function newsPage(ctx: PageContext, search: URLSearchParams): Promise<Page> {
  const { lang } = ctx
  const raw = search.get('id') ?? ''
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0
  const found = id > 0 ? await getNews(ctx.db, id) : undefined
  if (!found) {
    const page = await notFoundPage(ctx, '/news', 'Back to the news', {
      title: 'News item not found',
      testId: 'news-not-found',
    })
    return id > 0 ? { ...page, queries: [[['site', 'news-item', id], null]] } : page
  }
  const n = data(c.newsDetailResponse, found)
  const title = pick(n.Title, n.TitleEn, lang)
  const body = pick(n.Body, n.BodyEn, lang)
  const path = `/news/detail?id=${n.Id}`
  const main = markup`<article class="page news-detail"><a href="${link(ctx, '/news', lang)}" class="back-link">‹ ${st('News', lang)}</a>\
<h1>${pickHtml(n.Title, n.TitleEn, lang)}</h1><time datetime="${n.PublishedAt}">${formatDate(n.PublishedAt, lang)}</time>\
${n.Image && markup`<img src="${n.Image}" alt="" width="800" height="450">`}${richText(body)}</article>`
  return {
    status: 200,
    path,
    name: title,
    description: summaryOf(pick(n.Summary, n.SummaryEn, lang) || body),
    image: n.Image || undefined,
    ogType: 'article',
    trail: [
      { name: st('News', lang), path: '/news' },
      { name: title, path },
    ],
    main,
    jsonLd: [
      {
        '@type': 'NewsArticle',
        headline: title.slice(0, 110),
        description: summaryOf(pick(n.Summary, n.SummaryEn, lang) || body, 300),
        articleBody: summaryOf(body, 5000),
        datePublished: n.PublishedAt,
        image: [n.Image, ...n.Gallery.map((g) => g.url)]
          .filter(Boolean)
          .map((u) => absolute(ctx, u)),
        inLanguage: lang === 'zh' ? 'zh-CN' : 'en',
      },
    ],
    queries: [[['site', 'news-item', n.Id], n]],
  }
}

/** `/contactus`: the contact information (the message form comes with the app). */
export async function contactPage(ctx: PageContext): Promise<Page> {
  const { lang, contact: k } = ctx
  const main = markup`<div class="page contact"><h1>${st('Contact us', lang)}</h1><div class="contact-columns"><section class="contact-info">\
<h2>${pickHtml(k.Company, k.CompanyEn, lang)}</h2>\
<p>${st('Address', lang)}: ${pick(k.Address, k.AddressEn, lang)}</p>\
<p>${st('Phone', lang)}: <a href="tel:${k.Phone.replace(/[^\d+]/g, '')}">${k.Phone}</a></p>\
<p>${st('Fax', lang)}: ${k.Fax}</p>\
<p>${st('Mail', lang)}: <a href="mailto:${k.Mail}">${k.Mail}</a></p>\
<p class="supplier-apply-link"><a href="${link(ctx, '/supplier-apply', lang)}">${st('Want to supply us? Send the supplier form', lang)}</a></p>\
</section></div></div>`
  return {
    status: 200,
    path: '/contactus',
    name: st('Contact us', lang),
    description: summaryOf(
      `${pick(k.Company, k.CompanyEn, lang)} · ${pick(k.Address, k.AddressEn, lang)} · ${k.Phone} · ${k.Mail}`,
    ),
    image: k.Qr[0]?.Image,
    ogType: 'website',
    trail: [{ name: st('Contact us', lang), path: '/contactus' }],
    main,
    jsonLd: [],
    queries: [],
  }
}

/** `/supplier-apply`: what the purchasing department buys (the form comes with the app). */
export async function supplierPage(ctx: PageContext): Promise<Page> {
  const { lang } = ctx
  const intro = st(
    'We buy steel bar, forgings, heat treatment, machining, surface treatment and tooling. Tell us what you offer: our purchasing department reads every form.',
    lang,
  )
  return {
    status: 200,
    path: '/supplier-apply',
    name: st('Become a supplier', lang),
    description: intro,
    ogType: 'website',
    trail: [{ name: st('Become a supplier', lang), path: '/supplier-apply' }],
    main: markup`<div class="page supplier-apply"><h1>${st('Become a supplier', lang)}</h1><p class="supplier-apply-intro">${intro}</p></div>`,
    jsonLd: [],
    queries: [],
  }
}
