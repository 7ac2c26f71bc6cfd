import * as c from '#shared/contract/content'
import { getPublishedProduct, listProducts } from '../content/catalog-repository.ts'
import { listNews, listSlides, getPage } from '../content/site-repository.ts'
import { firstParagraph, summaryOf } from './html.ts'
import { markup, type Html } from './html-template.ts'
import {
  absolute,
  categoryImage,
  link,
  sitePath,
  pick,
  pickHtml,
  type Page,
  type PageContext,
} from './page-model.ts'
import { newsCard, notFoundPage } from './site-pages.ts'
import { richText } from './rich-text-html.ts'
import { st } from './texts.ts'

const data = <T>(schema: { parse: (v: unknown) => { data: T } }, value: unknown): T =>
  schema.parse({ code: 0, msg: 'ok', data: value }).data

/** Page size of the product centre's first page (src/client/features/site/api/get-products.ts). */
const productPageSize = 12

export function productCard(p: c.ProductSummary, ctx: PageContext, eager = false): Html {
  return markup`<a href="${link(ctx, `/prodetail?id=${p.Id}`, ctx.lang)}" class="product-card">\
<img src="${p.Image}" alt="" width="320" height="320"${eager ? markup` fetchpriority="high"` : markup` loading="lazy"`} decoding="async">\
<span class="product-card-title">${pickHtml(p.Title, p.TitleEn, ctx.lang)}</span>\
<span class="product-card-part">${p.PartNo}</span></a>`
}

/** `/index`: carousel's first slide, introduction, categories, featured products, latest news. */
export async function homePage(ctx: PageContext): Promise<Page> {
  const { lang, db } = ctx
  const [slides, about, featured, news] = await Promise.all([
    listSlides(db).then((v) => data(c.carouselResponse, v)),
    getPage(db, 'about'),
    listProducts(db, { featured: true }, 0, 6).then((v) => data(c.productListResponse, v).result),
    listNews(db, 0, 3).then((v) => data(c.newsListResponse, v)),
  ])
  const first = slides[0]
  const intro = about ? firstParagraph(pick(about.Body, about.BodyEn, lang)) : ''
  const slide =
    first &&
    markup`<div class="slide-carousel"><picture><source media="(max-width: 700px)" srcset="${first.ImageSm}">\
<img src="${first.Image}" alt="${pick(first.Title, first.TitleEn, lang)}" width="1200" height="560" fetchpriority="high" \
style="display:block;width:100%;height:auto;aspect-ratio:1200/560;object-fit:cover"></picture></div>`
  const main = markup`<div class="home">${slide}\
<section class="section home-intro"><h1>${st('Precision forgings for the automotive industry', lang)}</h1>\
<p>${intro}</p><a href="${link(ctx, '/aboutus', lang)}" class="more-link">${st('More about us', lang)}</a></section>\
<section class="section"><h2>${st('Product categories', lang)}</h2><ul class="category-grid">${ctx.categories.map(
    (k) =>
      markup`<li><a href="${link(ctx, `/products?sort=${k.Id}`, lang)}"><img src="${sitePath(ctx, categoryImage(k))}" alt="" width="400" height="400" loading="lazy" decoding="async">\
<span>${pickHtml(k.Title, k.TitleEn, lang)}</span></a></li>`,
  )}</ul></section><section class="section"><h2>${st('Featured products', lang)}</h2><ul class="product-grid">\
${featured.map((p) => markup`<li>${productCard(p, ctx)}</li>`)}\
</ul><a href="${link(ctx, '/products', lang)}" class="more-link">${st('All products', lang)}</a></section>\
<section class="section"><h2>${st('Latest news', lang)}</h2><ul class="news-list">\
${news.result.map((n) => markup`<li>${newsCard(n, ctx)}</li>`)}\
</ul><a href="${link(ctx, '/news', lang)}" class="more-link">${st('All news', lang)}</a></section></div>`
  const queries: Page['queries'] = [
    [['site', 'carousel'], slides],
    [['site', 'products', 'featured'], featured],
    [['site', 'news', 1, 3], news],
  ]
  if (about) queries.push([['site', 'about'], data(c.aboutResponse, about)])
  return {
    status: 200,
    path: '/index',
    name: st('Home', lang),
    description: st(
      'Jiangsu Forgeline Precision Machinery: forged and machined automotive parts — crankshafts, connecting rods, gears, flanges, steering knuckles and hubs.',
      lang,
    ),
    image: first?.Image,
    ogType: 'website',
    trail: [],
    main,
    jsonLd: [],
    queries,
    head: first
      ? markup`<link rel="preload" as="image" href="${first.ImageSm}" media="(max-width: 700px)" fetchpriority="high">\
<link rel="preload" as="image" href="${first.Image}" media="(min-width: 701px)" fetchpriority="high">`
      : undefined,
  }
}

/** `/products?sort=`: category tabs and the first page of the category's products (all without sort). */
export async function productsPage(ctx: PageContext, search: URLSearchParams): Promise<Page> {
  const { lang, db } = ctx
  const raw = search.get('sort')
  const id = raw !== null && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined
  const current = ctx.categories.find((k) => k.Id === id)
  // an unknown category lists nothing: a page that does not exist
  if (id !== undefined && !current)
    return notFoundPage(ctx, '/products', 'Back to the product centre')
  // the search box of the not-found page (missing-page.ts): title, English title, part number
  const keyword = (search.get('keyword') ?? '').trim().slice(0, 100) || undefined
  const list = data(
    c.productListResponse,
    await listProducts(db, { categoryId: id, keyword }, 0, productPageSize),
  )
  const name = keyword
    ? st('Products matching “{keyword}”', lang).replace('{keyword}', keyword)
    : current
      ? pick(current.Title, current.TitleEn, lang)
      : st('Product centre', lang)
  const path = keyword
    ? `/products?keyword=${encodeURIComponent(keyword)}`
    : current
      ? `/products?sort=${current.Id}`
      : '/products'
  const tabs = markup`<nav class="category-tabs" aria-label="categories"><a href="${link(ctx, '/products', lang)}"${!current && !keyword && markup` class="active"`}>\
<span class="category-tab-all">${st('All', lang)}</span></a>${ctx.categories.map(
    (k) =>
      markup`<a href="${link(ctx, `/products?sort=${k.Id}`, lang)}"${k.Id === id && markup` class="active"`}>\
<img src="${sitePath(ctx, categoryImage(k))}" alt="" width="40" height="40"><span>${pickHtml(k.Title, k.TitleEn, lang)}</span></a>`,
  )}</nav>`
  const items =
    list.result.length === 0
      ? markup`<p class="empty-state">${st(keyword ? 'No product matches this search' : 'No products in this category yet', lang)}</p>`
      : markup`<ul class="product-grid" data-testid="product-list">${list.result.map((p, i) => markup`<li>${productCard(p, ctx, i < 4)}</li>`)}</ul>`
  const firstImages = list.result
    .slice(0, 2)
    .map((p) => p.Image)
    .filter(Boolean)
  return {
    status: 200,
    path,
    name,
    description: current
      ? `${name}: ${list.result.map((p) => pick(p.Title, p.TitleEn, lang)).join(', ')}`.slice(
          0,
          300,
        )
      : st(
          'Jiangsu Forgeline Precision Machinery: forged and machined automotive parts — crankshafts, connecting rods, gears, flanges, steering knuckles and hubs.',
          lang,
        ),
    image: current ? categoryImage(current) : list.result[0]?.Image,
    ogType: 'website',
    trail: current
      ? [
          { name: st('Product centre', lang), path: '/products' },
          { name, path },
        ]
      : [{ name, path }],
    main: markup`<div class="page products"><h1>${name}</h1>${tabs}${items}</div>`,
    jsonLd: [],
    queries: [[['site', 'products', id ?? 'all'], { pages: [list], pageParams: [1] }]],
    head: markup`${firstImages.map((src) => markup`<link rel="preload" as="image" href="${src}" fetchpriority="high">`)}`,
  }
}

/** `/prodetail?id=`: gallery, title, part number, summary, specification table, body. */
export async function productPage(ctx: PageContext, search: URLSearchParams): Promise<Page> {
  const { lang, db } = ctx
  const raw = search.get('id') ?? ''
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0
  const found = id > 0 ? await getPublishedProduct(db, id) : undefined
  if (!found) {
    const page = await notFoundPage(ctx, '/products', 'Back to the product centre', {
      title: 'Product not found',
      text: 'This product does not exist or is no longer offered.',
      testId: 'product-not-found',
    })
    // the client's cache learns the same answer (getItemCall: null)
    return id > 0 ? { ...page, queries: [[['site', 'product', id], null]] } : page
  }
  const p = data(c.productDetailResponse, found)
  const title = pick(p.Title, p.TitleEn, lang)
  const summary = pick(p.Summary, p.SummaryEn, lang)
  const category = pick(p.CategoryTitle, p.CategoryTitleEn, lang)
  const hero = p.Images[0]
  const specs =
    p.Specs.length > 0 &&
    markup`<table class="spec-table"><caption>${st('Specifications', lang)}</caption><tbody>${p.Specs.map(
      (s) =>
        markup`<tr><th scope="row">${pickHtml(s.Name, s.NameEn, lang)}</th><td>${pickHtml(s.Value, s.ValueEn, lang)}</td></tr>`,
    )}</tbody></table>`
  // the gallery as the app lays it out (product-gallery.tsx); without scripts each picture links to itself
  const gallery = markup`<div class="product-gallery"><div class="product-gallery-track">${p.Images.map(
    (img, i) =>
      markup`<a class="product-gallery-item" href="${img.url}"><img src="${img.url}" alt="${title}" width="800" height="800"${
        i === 0 ? markup` fetchpriority="high"` : markup` loading="lazy"`
      }></a>`,
  )}</div>${
    p.Images.length > 1 &&
    markup`<div class="product-gallery-dots" aria-hidden="true">${p.Images.map((_, i) => markup`<span${i === 0 && markup` class="is-current"`}></span>`)}</div>`
  }</div>`
  const main = markup`<article class="page product-detail"><a href="${link(ctx, `/products?sort=${p.CategoryId}`, lang)}" class="back-link">‹ ${category}</a>\
<div class="product-detail-main">${gallery}<div class="product-info"><h1>${pickHtml(p.Title, p.TitleEn, lang)}</h1>\
<p class="product-part">${st('Part number', lang)}: <strong>${p.PartNo}</strong></p>\
<p class="product-summary">${summary}</p>${specs}</div></div>\
<section class="product-body">${richText(pick(p.Body, p.BodyEn, lang))}</section>\
<a href="${link(ctx, `/contactus?quote=${p.Id}`, lang)}" class="cta-link">${st('Ask for a quotation', lang)}</a></article>`
  const path = `/prodetail?id=${p.Id}`
  return {
    status: 200,
    path,
    name: title,
    description: summaryOf(summary || pick(p.Body, p.BodyEn, lang)),
    image: hero?.url ?? (p.Image || undefined),
    ogType: 'product',
    trail: [
      { name: st('Product centre', lang), path: '/products' },
      { name: category, path: `/products?sort=${p.CategoryId}` },
      { name: title, path },
    ],
    main,
    jsonLd: [
      {
        '@type': 'Product',
        name: title,
        sku: p.PartNo,
        mpn: p.PartNo,
        category,
        description: summaryOf(`${summary} ${pick(p.Body, p.BodyEn, lang)}`, 500),
        image: p.Images.map((i) => absolute(ctx, i.url)),
        additionalProperty: p.Specs.map((s) => ({
          '@type': 'PropertyValue',
          name: pick(s.Name, s.NameEn, lang),
          value: pick(s.Value, s.ValueEn, lang),
        })),
      },
    ],
    queries: [[['site', 'product', p.Id], p]],
    head: hero
      ? markup`<link rel="preload" as="image" href="${hero.url}" fetchpriority="high">`
      : undefined,
  }
}
