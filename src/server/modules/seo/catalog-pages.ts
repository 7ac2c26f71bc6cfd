import * as c from '#shared/contract/content'
import { getPublishedProduct, listProducts } from '../content/catalog-repository.ts'
import { listNews, listSlides, getPage } from '../content/site-repository.ts'
import { esc, firstParagraph, richText, summaryOf } from './html.ts'
import { absolute, categoryImage, link, sitePath, pick, pickHtml, type Page, type PageContext } from './page-model.ts'
import { newsCard, notFoundPage } from './site-pages.ts'
import { st } from './texts.ts'

const data = <T>(schema: { parse: (v: unknown) => { data: T } }, value: unknown): T =>
  schema.parse({ code: 0, msg: 'ok', data: value }).data

/** Page size of the product centre's first page (src/client/features/site/api/get-products.ts). */
const productPageSize = 12

export function productCard(p: c.ProductSummary, ctx: PageContext, eager = false): string {
  return (
    `<a href="${esc(link(ctx, `/prodetail?id=${p.Id}`, ctx.lang))}" class="product-card">` +
    `<img src="${esc(p.Image)}" alt="" width="320" height="320"${eager ? ' fetchpriority="high"' : ' loading="lazy"'} decoding="async">` +
    `<span class="product-card-title">${pickHtml(p.Title, p.TitleEn, ctx.lang)}</span>` +
    `<span class="product-card-part">${esc(p.PartNo)}</span></a>`
  )
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
  const slide = first
    ? `<div class="slide-carousel"><picture><source media="(max-width: 700px)" srcset="${esc(first.ImageSm)}">` +
      `<img src="${esc(first.Image)}" alt="${esc(pick(first.Title, first.TitleEn, lang))}" width="1200" height="560" fetchpriority="high" ` +
      `style="display:block;width:100%;height:auto;aspect-ratio:1200/560;object-fit:cover"></picture></div>`
    : ''
  const main =
    `<div class="home">${slide}` +
    `<section class="section home-intro"><h1>${esc(st('Precision forgings for the automotive industry', lang))}</h1>` +
    `<p>${esc(intro)}</p><a href="${link(ctx, '/aboutus', lang)}" class="more-link">${esc(st('More about us', lang))}</a></section>` +
    `<section class="section"><h2>${esc(st('Product categories', lang))}</h2><ul class="category-grid">` +
    ctx.categories
      .map(
        (k) =>
          `<li><a href="${esc(link(ctx, `/products?sort=${k.Id}`, lang))}"><img src="${esc(sitePath(ctx, categoryImage(k)))}" alt="" width="400" height="400" loading="lazy" decoding="async">` +
          `<span>${pickHtml(k.Title, k.TitleEn, lang)}</span></a></li>`,
      )
      .join('') +
    `</ul></section><section class="section"><h2>${esc(st('Featured products', lang))}</h2><ul class="product-grid">` +
    featured.map((p) => `<li>${productCard(p, ctx)}</li>`).join('') +
    `</ul><a href="${link(ctx, '/products', lang)}" class="more-link">${esc(st('All products', lang))}</a></section>` +
    `<section class="section"><h2>${esc(st('Latest news', lang))}</h2><ul class="news-list">` +
    news.result.map((n) => `<li>${newsCard(n, ctx)}</li>`).join('') +
    `</ul><a href="${link(ctx, '/news', lang)}" class="more-link">${esc(st('All news', lang))}</a></section></div>`
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
      ? `<link rel="preload" as="image" href="${esc(first.ImageSm)}" media="(max-width: 700px)" fetchpriority="high">` +
        `<link rel="preload" as="image" href="${esc(first.Image)}" media="(min-width: 701px)" fetchpriority="high">`
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
  if (id !== undefined && !current) return notFoundPage(ctx, '/products', 'Back to the product centre')
  const list = data(c.productListResponse, await listProducts(db, { categoryId: id }, 0, productPageSize))
  const name = current ? pick(current.Title, current.TitleEn, lang) : st('Product centre', lang)
  const path = current ? `/products?sort=${current.Id}` : '/products'
  const tabs =
    `<nav class="category-tabs" aria-label="categories"><a href="${link(ctx, '/products', lang)}"${current ? '' : ' class="active"'}>` +
    `<span class="category-tab-all">${esc(st('All', lang))}</span></a>` +
    ctx.categories
      .map(
        (k) =>
          `<a href="${esc(link(ctx, `/products?sort=${k.Id}`, lang))}"${k.Id === id ? ' class="active"' : ''}>` +
          `<img src="${esc(sitePath(ctx, categoryImage(k)))}" alt="" width="40" height="40"><span>${pickHtml(k.Title, k.TitleEn, lang)}</span></a>`,
      )
      .join('') +
    '</nav>'
  const items =
    list.result.length === 0
      ? `<p class="empty-state">${esc(st('No products in this category yet', lang))}</p>`
      : `<ul class="product-grid" data-testid="product-list">${list.result.map((p, i) => `<li>${productCard(p, ctx, i < 4)}</li>`).join('')}</ul>`
  const firstImages = list.result.slice(0, 2).map((p) => p.Image).filter(Boolean)
  return {
    status: 200,
    path,
    name,
    description: current
      ? `${name}: ${list.result.map((p) => pick(p.Title, p.TitleEn, lang)).join(', ')}`.slice(0, 300)
      : st(
          'Jiangsu Forgeline Precision Machinery: forged and machined automotive parts — crankshafts, connecting rods, gears, flanges, steering knuckles and hubs.',
          lang,
        ),
    image: current ? categoryImage(current) : list.result[0]?.Image,
    ogType: 'website',
    trail: current ? [{ name: st('Product centre', lang), path: '/products' }, { name, path }] : [{ name, path }],
    main: `<div class="page products"><h1>${esc(name)}</h1>${tabs}${items}</div>`,
    jsonLd: [],
    queries: [[['site', 'products', id ?? 'all'], { pages: [list], pageParams: [1] }]],
    head: firstImages.map((src) => `<link rel="preload" as="image" href="${esc(src)}" fetchpriority="high">`).join(''),
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
  const specs = p.Specs.length
    ? `<table class="spec-table"><caption>${esc(st('Specifications', lang))}</caption><tbody>` +
      p.Specs.map((s) => `<tr><th scope="row">${pickHtml(s.Name, s.NameEn, lang)}</th><td>${pickHtml(s.Value, s.ValueEn, lang)}</td></tr>`).join('') +
      '</tbody></table>'
    : ''
  // the gallery as the app lays it out (product-gallery.tsx); without scripts each picture links to itself
  const gallery =
    '<div class="product-gallery"><div class="product-gallery-track">' +
    p.Images.map(
      (img, i) =>
        `<a class="product-gallery-item" href="${esc(img.url)}"><img src="${esc(img.url)}" alt="${esc(title)}" width="800" height="800"${i === 0 ? ' fetchpriority="high"' : ' loading="lazy"'}></a>`,
    ).join('') +
    '</div>' +
    (p.Images.length > 1
      ? `<div class="product-gallery-dots" aria-hidden="true">${p.Images.map((_, i) => `<span${i === 0 ? ' class="is-current"' : ''}></span>`).join('')}</div>`
      : '') +
    '</div>'
  const main =
    `<article class="page product-detail"><a href="${esc(link(ctx, `/products?sort=${p.CategoryId}`, lang))}" class="back-link">‹ ${esc(category)}</a>` +
    `<div class="product-detail-main">${gallery}<div class="product-info"><h1>${pickHtml(p.Title, p.TitleEn, lang)}</h1>` +
    `<p class="product-part">${esc(st('Part number', lang))}: <strong>${esc(p.PartNo)}</strong></p>` +
    `<p class="product-summary">${esc(summary)}</p>${specs}</div></div>` +
    `<section class="product-body">${richText(pick(p.Body, p.BodyEn, lang))}</section>` +
    `<a href="${esc(link(ctx, `/contactus?quote=${p.Id}`, lang))}" class="cta-link">${esc(st('Ask for a quotation', lang))}</a></article>`
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
        additionalProperty: p.Specs.map((s) => ({ '@type': 'PropertyValue', name: pick(s.Name, s.NameEn, lang), value: pick(s.Value, s.ValueEn, lang) })),
      },
    ],
    queries: [[['site', 'product', p.Id], p]],
    head: hero ? `<link rel="preload" as="image" href="${esc(hero.url)}" fetchpriority="high">` : undefined,
  }
}
