import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bumpContentVersion } from '#server/modules/content/content-version'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

/**
 * Every public page answers, without JavaScript, HTML that carries its content in the
 * requested language, the head tags of search engines and share cards, and structured data.
 */
// jsdom (the client tests' DOM) parses the answers as a browser without scripts would; it ships no types
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string, o?: { contentType?: string }) => { window: { document: Document } }
}

let t: TestApp
let clientDir: string
const host = 'forgeline.test'

beforeAll(async () => {
  // a stand-in build of the client: the shell as vite writes it, and a manifest naming page chunks
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-seo-'))
  fs.mkdirSync(path.join(clientDir, 'assets'))
  fs.mkdirSync(path.join(clientDir, '.vite'))
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html>\n<html lang="zh-CN">\n<head>\n<meta charset="UTF-8" />\n<meta name="description" content="shell" />\n<title>shell</title>\n' +
      '<script type="module" crossorigin src="/assets/app-1.js"></script>\n</head>\n<body>\n<div id="root"></div>\n<noscript>needs JavaScript</noscript>\n</body>\n</html>\n',
  )
  fs.writeFileSync(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      '_app-1.js': { file: 'assets/app-1.js' },
      'src/client/routes/_site.tsx?tsr-split=component': {
        file: 'assets/layout-1.js',
        css: ['assets/site-1.css'],
        imports: ['_app-1.js'],
      },
      'src/client/routes/_site/prodetail.tsx?tsr-split=component': {
        file: 'assets/prodetail-1.js',
        css: ['assets/prodetail-1.css'],
      },
      'locales/en/site.po': { file: 'assets/site-en.js' },
    }),
  )
  t = await createTestApp({ CLIENT_DIR: clientDir })
})
afterAll(async () => {
  await t.close()
  fs.rmSync(clientDir, { recursive: true, force: true })
})

type Headers = Record<string, string>
const api = async <T>(url: string) => (await t.app.inject(`/api/${url}`)).json<{ data: T }>().data
const fetchPage = async (url: string, headers: Headers = {}) => {
  const res = await t.app.inject({ url, headers: { host, ...headers } })
  return { res, doc: new JSDOM(res.body).window.document }
}
const meta = (doc: Document, selector: string) =>
  doc.querySelector(selector)?.getAttribute('content') ??
  doc.querySelector(selector)?.getAttribute('href')
const jsonLd = (doc: Document) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent!) as Record<string, unknown>,
  )
const mainText = (doc: Document) => doc.querySelector('main')?.textContent ?? ''
const pick = (lang: 'zh' | 'en', zh: string, en: string) => (lang === 'en' && en ? en : zh)
const site = { zh: '锻联精密', en: 'Forgeline Precision' }

type Product = {
  Id: number
  Title: string
  TitleEn: string
  PartNo: string
  CategoryId: number
  Specs: { Name: string; NameEn: string; Value: string; ValueEn: string }[]
}
type News = { Id: number; Title: string; TitleEn: string; Body: string; BodyEn: string }
type Named = { Title: string; TitleEn: string }

describe('public pages without JavaScript', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`every public page carries its head, structured data and content in ${lang}`, async () => {
      const product = await api<Product>('CommonData/Get?id=1')
      const categories = (await api<{ result: (Named & { Id: number })[] }>('CommonData/GetList'))
        .result
      const category = categories.find((c) => c.Id === product.CategoryId)!
      const inCategory = (
        await api<{ result: Named[] }>(`CommonData/GetProductList?sort=${category.Id}&pageSize=12`)
      ).result
      const allProducts = (await api<{ result: Named[] }>('CommonData/GetProductList?pageSize=12'))
        .result
      const newsList = (await api<{ result: News[] }>('News/GetList?pageSize=50')).result
      const news = await api<News>(`News/Get?id=${newsList[0]!.Id}`)
      const about = await api<Named>('Content/About')
      const equipment = await api<{ Name: string; NameEn: string }[]>('Equipment/GetList')
      const contact = await api<{
        Company: string
        CompanyEn: string
        Address: string
        AddressEn: string
        Phone: string
      }>('Content/Contact')
      const firstParagraph = (body: string) =>
        body
          .split(/\n\s*\n/)[0]!
          .replace(/^#+ /, '')
          .split('\n')[0]!
          .trim()

      const pages: {
        url: string
        name?: string
        type?: string
        crumbs: boolean
        texts: string[]
      }[] = [
        {
          url: '/index',
          crumbs: false,
          texts: categories.map((c) => pick(lang, c.Title, c.TitleEn)),
        },
        { url: '/aboutus', crumbs: true, texts: [pick(lang, about.Title, about.TitleEn)] },
        {
          url: '/products',
          crumbs: true,
          texts: allProducts.map((p) => pick(lang, p.Title, p.TitleEn)),
        },
        {
          url: `/products?sort=${category.Id}`,
          name: pick(lang, category.Title, category.TitleEn),
          crumbs: true,
          texts: inCategory.map((p) => pick(lang, p.Title, p.TitleEn)),
        },
        {
          url: `/prodetail?id=${product.Id}`,
          name: pick(lang, product.Title, product.TitleEn),
          type: 'Product',
          crumbs: true,
          texts: [
            pick(lang, product.Title, product.TitleEn),
            product.PartNo,
            ...product.Specs.flatMap((s) => [
              pick(lang, s.Name, s.NameEn),
              pick(lang, s.Value, s.ValueEn),
            ]),
          ],
        },
        {
          url: '/equipment',
          crumbs: true,
          texts: equipment.map((e) => pick(lang, e.Name, e.NameEn)),
        },
        { url: '/news', crumbs: true, texts: newsList.map((n) => pick(lang, n.Title, n.TitleEn)) },
        {
          url: `/news/detail?id=${news.Id}`,
          name: pick(lang, news.Title, news.TitleEn),
          type: 'NewsArticle',
          crumbs: true,
          texts: [
            pick(lang, news.Title, news.TitleEn),
            firstParagraph(pick(lang, news.Body, news.BodyEn)),
          ],
        },
        {
          url: '/contactus',
          crumbs: true,
          texts: [pick(lang, contact.Address, contact.AddressEn), contact.Phone],
        },
        {
          url: '/supplier-apply',
          crumbs: true,
          texts: [lang === 'zh' ? '供应商申请' : 'Become a supplier'],
        },
      ]
      for (const p of pages) {
        const { res, doc } = await fetchPage(
          `${p.url}${p.url.includes('?') ? '&' : '?'}lang=${lang}`,
        )
        expect(res.statusCode, p.url).toBe(200)
        expect(doc.documentElement.lang, p.url).toBe(lang === 'zh' ? 'zh-CN' : 'en')
        const title = doc.title
        expect(title.endsWith(` - ${site[lang]}`), `${p.url}: ${title}`).toBe(true)
        if (p.name) expect(title, p.url).toBe(`${p.name} - ${site[lang]}`)
        expect(doc.querySelectorAll('title'), p.url).toHaveLength(1)
        expect(doc.querySelectorAll('meta[name="description"]'), p.url).toHaveLength(1)
        expect(meta(doc, 'meta[name="description"]')!.length, p.url).toBeGreaterThan(10)
        const canonical = `http://${host}${p.url}${p.url.includes('?') ? '&' : '?'}lang=${lang}`
        expect(meta(doc, 'link[rel="canonical"]'), p.url).toBe(canonical)
        expect(meta(doc, 'link[hreflang="zh"]'), p.url).toBe(
          canonical.replace(/lang=\w+$/, 'lang=zh'),
        )
        expect(meta(doc, 'link[hreflang="en"]'), p.url).toBe(
          canonical.replace(/lang=\w+$/, 'lang=en'),
        )
        expect(meta(doc, 'link[hreflang="x-default"]'), p.url).toBe(`http://${host}${p.url}`)
        expect(meta(doc, 'meta[property="og:url"]'), p.url).toBe(canonical)
        expect(meta(doc, 'meta[property="og:title"]'), p.url).toBeTruthy()
        expect(meta(doc, 'meta[property="og:description"]'), p.url).toBeTruthy()
        expect(meta(doc, 'meta[property="og:image"]'), p.url).toMatch(
          new RegExp(`^http://${host}/`),
        )
        expect(meta(doc, 'meta[name="twitter:card"]'), p.url).toBe('summary_large_image')
        expect(meta(doc, 'meta[name="twitter:image"]'), p.url).toBe(
          meta(doc, 'meta[property="og:image"]'),
        )
        const ld = jsonLd(doc)
        const types = ld.map((x) => x['@type'])
        expect(types, p.url).toContain('Organization')
        expect(
          ld.find((x) => x['@type'] === 'Organization'),
          p.url,
        ).toMatchObject({
          name: pick(lang, contact.Company, contact.CompanyEn),
          telephone: contact.Phone,
          address: { streetAddress: pick(lang, contact.Address, contact.AddressEn) },
        })
        if (p.type) expect(types, p.url).toContain(p.type)
        expect(types.includes('BreadcrumbList'), p.url).toBe(p.crumbs)
        const text = mainText(doc)
        for (const s of p.texts) expect(text, `${p.url}: ${s}`).toContain(s)
        // a reader without scripts can move on: the menu and the page link to other pages in the same language
        expect(doc.querySelector(`header a[href="/products?lang=${lang}"]`), p.url).not.toBeNull()
        expect(res.body, p.url).not.toContain('needs JavaScript')
      }
    })
  }

  it('describes a product in its structured data and spec table', async () => {
    const product = await api<Product & { Images: { url: string }[] }>('CommonData/Get?id=1')
    const { doc } = await fetchPage('/prodetail?id=1&lang=en')
    const ld = jsonLd(doc).find((x) => x['@type'] === 'Product')!
    expect(ld).toMatchObject({
      name: product.TitleEn,
      sku: product.PartNo,
      image: product.Images.map((i) => `http://${host}${i.url}`),
    })
    expect(typeof ld.category).toBe('string')
    expect(String(ld.description).length).toBeGreaterThan(20)
    const rows = [...doc.querySelectorAll('table.spec-table tr')].map((r) => [
      r.querySelector('th')!.textContent,
      r.querySelector('td')!.textContent,
    ])
    expect(rows).toEqual(product.Specs.map((s) => [s.NameEn || s.Name, s.ValueEn || s.Value]))
    const crumbs = jsonLd(doc).find((x) => x['@type'] === 'BreadcrumbList') as {
      itemListElement: { name: string; item: string }[]
    }
    expect(crumbs.itemListElement.at(-1)).toMatchObject({
      name: product.TitleEn,
      item: `http://${host}/prodetail?id=1&lang=en`,
    })
    expect(meta(doc, 'meta[property="og:type"]')).toBe('product')
  })

  it('embeds the data the page was rendered from for the app, under the app query keys', async () => {
    const product = await api<Product>('CommonData/Get?id=1')
    const categories = (await api<{ result: unknown[] }>('CommonData/GetList')).result
    const { doc } = await fetchPage('/prodetail?id=1')
    const data = JSON.parse(doc.getElementById('fl-page')!.textContent!) as {
      lang: string
      version: string
      queries: [unknown[], unknown][]
    }
    expect(data.lang).toBe('zh')
    expect(data.version).toBe((await api<{ Version: string }>('Content/Version')).Version)
    const byKey = new Map(data.queries.map(([k, v]) => [JSON.stringify(k), v]))
    expect(byKey.get(JSON.stringify(['site', 'product', 1]))).toEqual(product)
    expect(byKey.get(JSON.stringify(['site', 'categories']))).toEqual(categories)
    const list = await api<unknown>('CommonData/GetProductList?pageIndex=1&pageSize=12&sort=1')
    const { doc: products } = await fetchPage('/products?sort=1')
    const q = JSON.parse(products.getElementById('fl-page')!.textContent!) as {
      queries: [unknown[], unknown][]
    }
    expect(q.queries.find(([k]) => JSON.stringify(k) === '["site","products",1]')?.[1]).toEqual({
      pages: [list],
      pageParams: [1],
    })
    // the page's own styles and code are linked, the shell's are not repeated
    const { res } = await fetchPage('/prodetail?id=1&lang=en')
    for (const f of ['site-1.css', 'prodetail-1.css'])
      expect(res.body).toContain(`<link rel="stylesheet" crossorigin href="/assets/${f}">`)
    // the app starts through public/start.js, which preloads the page's code with the shell's
    const starter =
      /<script defer src="\/start\.js" data-entry="([^"]+)" data-preload="([^"]*)"><\/script>/.exec(
        res.body,
      )
    expect(starter?.[1]).toBe('/assets/app-1.js')
    for (const f of ['layout-1.js', 'prodetail-1.js', 'site-en.js'])
      expect((starter?.[2] ?? '').split(' ')).toContain(`/assets/${f}`)
    expect(res.body).not.toContain('<script type="module"')
    expect(res.body.match(/assets\/app-1\.js/g)).toHaveLength(1)
  })
})

describe('the language of the first HTML', () => {
  const langOf = async (url: string, headers: Headers) =>
    (await fetchPage(url, headers)).doc.documentElement.lang

  it('follows the address, then the saved choice, then Accept-Language, then Chinese', async () => {
    expect(await langOf('/index', {})).toBe('zh-CN')
    expect(await langOf('/index', { 'accept-language': 'en-GB,en;q=0.9' })).toBe('en')
    expect(
      await langOf('/index', { 'accept-language': 'fr-FR, de;q=0.9, en;q=0.8, zh-CN;q=0.7' }),
    ).toBe('en')
    expect(await langOf('/index', { 'accept-language': 'en;q=0.5, zh-TW;q=0.8' })).toBe('zh-CN')
    expect(await langOf('/index', { 'accept-language': 'fr, de' })).toBe('zh-CN')
    expect(
      await langOf('/index', { 'accept-language': 'en-US', cookie: 'a=1; forgeline-lang=zh' }),
    ).toBe('zh-CN')
    expect(
      await langOf('/index', { 'accept-language': 'zh-CN', cookie: 'forgeline-lang=en' }),
    ).toBe('en')
    expect(
      await langOf('/index?lang=zh', { 'accept-language': 'en', cookie: 'forgeline-lang=en' }),
    ).toBe('zh-CN')
    expect(await langOf('/index?lang=en', { cookie: 'forgeline-lang=zh' })).toBe('en')
    // nonsense is ignored, never an error
    expect(
      await langOf('/index?lang=fr', {
        cookie: 'forgeline-lang=%E0%A4%A',
        'accept-language': ';;q=x,,',
      }),
    ).toBe('zh-CN')
  })

  it('tells caches which headers the answer depends on', async () => {
    const bare = await fetchPage('/aboutus')
    expect(bare.res.headers.vary).toContain('Accept-Language')
    expect(bare.res.headers.vary).toContain('Cookie')
    const addressed = await fetchPage('/aboutus?lang=en')
    expect(String(addressed.res.headers.vary ?? '')).not.toContain('Accept-Language')
    // each address names itself canonical: the bare one is the x-default, not a language's
    expect(meta(bare.doc, 'link[rel="canonical"]')).toBe(`http://${host}/aboutus`)
    expect(meta(bare.doc, 'meta[property="og:url"]')).toBe(`http://${host}/aboutus`)
    expect(meta(addressed.doc, 'link[rel="canonical"]')).toBe(`http://${host}/aboutus?lang=en`)
  })
})

describe('pages that do not exist, and pages that are not public', () => {
  it('answers 404 with the not-found page for unknown or unpublished products and news', async () => {
    const hidden = await t.db.db
      .selectFrom('product')
      .select('id')
      .where('published', '=', 0)
      .executeTakeFirst()
    const urls = [
      '/prodetail?id=987654',
      '/prodetail?id=abc',
      '/prodetail',
      '/news/detail?id=987654',
      '/products?sort=987654',
    ]
    if (hidden) urls.push(`/prodetail?id=${hidden.id}`)
    for (const url of urls) {
      const { res, doc } = await fetchPage(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type'], url).toContain('text/html')
      expect(meta(doc, 'meta[name="robots"]'), url).toBe('noindex')
      expect(doc.querySelector('link[rel="canonical"]'), url).toBeNull()
      expect(doc.querySelector('.site-not-found h1')?.textContent, url).toMatch(/未找到/)
      // the app is still there to take over
      expect(res.body, url).toContain('data-entry="/assets/app-1.js"')
    }
    const en = await fetchPage('/news/detail?id=987654&lang=en')
    expect(en.doc.querySelector('.site-not-found h1')?.textContent).toBe('News item not found')
    expect(en.doc.querySelector('.site-not-found a')?.getAttribute('href')).toBe('/news?lang=en')
  })

  it('unpublishing a product turns its page into a 404', async () => {
    const { id } = await t.db.db
      .selectFrom('product')
      .select('id')
      .where('published', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect((await fetchPage(`/prodetail?id=${id}`)).res.statusCode).toBe(200)
    await t.db.db.updateTable('product').set({ published: 0 }).where('id', '=', id).execute()
    await bumpContentVersion(t.db.db)
    expect((await fetchPage(`/prodetail?id=${id}`)).res.statusCode).toBe(404)
    await t.db.db.updateTable('product').set({ published: 1 }).where('id', '=', id).execute()
    await bumpContentVersion(t.db.db)
    expect((await fetchPage(`/prodetail?id=${id}`)).res.statusCode).toBe(200)
  })

  it('marks the Chinese fallback of an English page with its language', async () => {
    const row = await t.db.db
      .selectFrom('product')
      .select(['id', 'title', 'title_en'])
      .where('published', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    await t.db.db.updateTable('product').set({ title_en: '' }).where('id', '=', row.id).execute()
    await bumpContentVersion(t.db.db)
    try {
      const { doc } = await fetchPage(`/prodetail?id=${row.id}&lang=en`)
      const marked = [...doc.querySelectorAll('main [lang="zh-CN"]')].map((e) => e.textContent)
      expect(marked).toContain(row.title)
      // an English title is not marked
      expect(marked.every((text) => /[\u4e00-\u9fff]/.test(text ?? ''))).toBe(true)
    } finally {
      await t.db.db
        .updateTable('product')
        .set({ title_en: row.title_en })
        .where('id', '=', row.id)
        .execute()
      await bumpContentVersion(t.db.db)
    }
  })

  it('keeps staff, sign-in and status pages out of search engines', async () => {
    for (const url of [
      '/login',
      '/register',
      '/admin/index',
      '/order/order',
      '/workbench',
      '/404',
    ]) {
      const { res, doc } = await fetchPage(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['x-robots-tag'], url).toBe('noindex')
      expect(meta(doc, 'meta[name="robots"]'), url).toBe('noindex')
      expect(doc.getElementById('fl-page'), url).toBeNull()
    }
  })
})

describe('old addresses', () => {
  it('moves SPEC §2 category links /products/products?sort= permanently to /products?sort=', async () => {
    const go = async (url: string) => {
      const res = await t.app.inject({ url, headers: { host } })
      return {
        code: res.statusCode,
        to: new URL(String(res.headers.location), `http://${host}${url}`),
      }
    }
    const moved = await go('/products/products?sort=2&lang=en')
    expect(moved.code).toBe(301)
    expect(moved.to.pathname + moved.to.search).toBe('/products?sort=2&lang=en')
    // a sort that is not an id, or extra parameters, are dropped rather than carried along
    for (const url of [
      '/products/products?sort=abc',
      '/products/products?sort=1%27--&x=%3Cscript%3E',
      '/products/products',
    ]) {
      const r = await go(url)
      expect(r.code, url).toBe(301)
      expect(r.to.pathname + r.to.search, url).toBe('/products')
    }
  })
})

describe('rendering cache', () => {
  it('serves a rendered page from its cache until a content save changes the version stamp', async () => {
    const { id, title } = await t.db.db
      .selectFrom('product')
      .select(['id', 'title'])
      .where('published', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const h1 = async () =>
      (await fetchPage(`/prodetail?id=${id}&lang=zh`)).doc.querySelector('main h1')?.textContent
    expect(await h1()).toBe(title)
    // a change behind the app's back (no save, no new stamp): the cached page stays
    await t.db.db
      .updateTable('product')
      .set({ title: '缓存测试曲轴' })
      .where('id', '=', id)
      .execute()
    expect(await h1()).toBe(title)
    // a save (here: another instance's) changes the stamp in the database: the next request renders anew
    await bumpContentVersion(t.db.db)
    expect(await h1()).toBe('缓存测试曲轴')
    await t.db.db.updateTable('product').set({ title }).where('id', '=', id).execute()
    await bumpContentVersion(t.db.db)
    expect(await h1()).toBe(title)
  })
})

describe('sitemap and robots', () => {
  it('lists every public page in both languages with its alternates and lastmod', async () => {
    const robots = await t.app.inject({ url: '/robots.txt', headers: { host } })
    expect(robots.body).toContain(`Sitemap: http://${host}/sitemap.xml`)
    const res = await t.app.inject({ url: '/sitemap.xml', headers: { host } })
    expect(res.headers['content-type']).toContain('application/xml')
    const doc = new JSDOM(res.body, { contentType: 'text/xml' }).window.document
    const urls = [...doc.getElementsByTagName('url')].map((u) => ({
      loc: u.getElementsByTagName('loc')[0]!.textContent!,
      lastmod: u.getElementsByTagName('lastmod')[0]?.textContent,
      alternates: [...u.getElementsByTagName('xhtml:link')].map(
        (l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`,
      ),
    }))
    const locs = urls.map((u) => u.loc)
    const products = await t.db.db.selectFrom('product').select(['id', 'published']).execute()
    const news = await t.db.db
      .selectFrom('news')
      .select(['id', 'published'])
      .where('published', '=', 1)
      .execute()
    const categories = await t.db.db.selectFrom('product_category').select('id').execute()
    const paths = [
      '/index',
      '/aboutus',
      '/products',
      '/equipment',
      '/news',
      '/contactus',
      '/supplier-apply',
      ...categories.map((c) => `/products?sort=${c.id}`),
      ...products.filter((p) => p.published === 1).map((p) => `/prodetail?id=${p.id}`),
      ...news.map((n) => `/news/detail?id=${n.id}`),
    ]
    for (const p of paths) {
      for (const lang of ['zh', 'en']) {
        const loc = `http://${host}${p}${p.includes('?') ? '&' : '?'}lang=${lang}`
        const u = urls.find((x) => x.loc === loc)
        expect(u, loc).toBeDefined()
        expect(u!.lastmod, loc).toMatch(/^\d{4}-\d{2}-\d{2}$/)
        expect(u!.alternates, loc).toEqual([
          `zh ${loc.replace(/lang=\w+$/, 'lang=zh')}`,
          `en ${loc.replace(/lang=\w+$/, 'lang=en')}`,
          `x-default http://${host}${p}`,
        ])
      }
    }
    expect(locs).toHaveLength(paths.length * 2)
    for (const p of products.filter((x) => x.published === 0))
      expect(res.body).not.toContain(`/prodetail?id=${p.id}&amp;`)
  })
})

describe('absolute URLs with PUBLIC_URL', () => {
  let p: TestApp
  const publicUrl = 'https://www.forgeline.example'
  beforeAll(async () => {
    p = await createTestApp({ CLIENT_DIR: clientDir, PUBLIC_URL: `${publicUrl}/` })
  })
  afterAll(async () => {
    await p?.close()
  })

  it('takes canonical, og:url, JSON-LD, sitemap and robots addresses from PUBLIC_URL, not from a forged Host', async () => {
    const forged = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    }
    const res = await p.app.inject({ url: '/prodetail?id=1&lang=en', headers: forged })
    expect(res.statusCode).toBe(200)
    const doc = new JSDOM(res.body).window.document
    expect(meta(doc, 'link[rel="canonical"]')).toBe(`${publicUrl}/prodetail?id=1&lang=en`)
    expect(meta(doc, 'meta[property="og:url"]')).toBe(`${publicUrl}/prodetail?id=1&lang=en`)
    expect(meta(doc, 'link[hreflang="x-default"]')).toBe(`${publicUrl}/prodetail?id=1`)
    expect(meta(doc, 'meta[property="og:image"]')).toMatch(new RegExp(`^${publicUrl}/`))
    const crumbs = jsonLd(doc).find((x) => x['@type'] === 'BreadcrumbList') as {
      itemListElement: { item: string }[]
    }
    expect(crumbs.itemListElement.at(-1)!.item).toBe(`${publicUrl}/prodetail?id=1&lang=en`)
    const product = jsonLd(doc).find((x) => x['@type'] === 'Product') as { image: string[] }
    for (const image of product.image) expect(image).toMatch(new RegExp(`^${publicUrl}/`))
    expect(res.body).not.toContain('evil.example')
    const robots = await p.app.inject({ url: '/robots.txt', headers: forged })
    expect(robots.body).toContain(`Sitemap: ${publicUrl}/sitemap.xml`)
    const sitemap = await p.app.inject({ url: '/sitemap.xml', headers: forged })
    expect(sitemap.body).toContain(`<loc>${publicUrl}/index?lang=zh</loc>`)
    expect(sitemap.body).not.toContain('evil.example')
  })
})
