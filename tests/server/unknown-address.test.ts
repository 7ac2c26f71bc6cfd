import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bumpContentVersion } from '#server/modules/content/content-version'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

/*
 * Addresses that are no page of the app answer HTTP 404 (SPEC §8): public ones in the site
 * layout with a product search and a link home, staff ones with the app shell (the app draws
 * the staff layout); `/404` itself stays a page. The search box lists the matching products.
 */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { document: Document } }
}

let t: TestApp
let clientDir: string
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-404-'))
  fs.mkdirSync(path.join(clientDir, '.vite'), { recursive: true })
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html>\n<html lang="zh-CN">\n<head>\n<title>shell</title>\n' +
      '<script type="module" crossorigin src="/assets/app-1.js"></script>\n</head>\n<body>\n<div id="root"></div>\n</body>\n</html>\n',
  )
  fs.writeFileSync(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/client/routes/_site/$.tsx?tsr-split=component': {
        file: 'assets/missing-1.js',
        css: ['assets/missing-1.css'],
      },
    }),
  )
  t = await createTestApp({ CLIENT_DIR: clientDir })
})
afterAll(async () => {
  await t.close()
  fs.rmSync(clientDir, { recursive: true, force: true })
})

const get = async (url: string) => {
  const res = await t.app.inject({ url, headers: { host: 'forgeline.test' } })
  return { res, doc: new JSDOM(res.body).window.document }
}

describe('an unknown public address', () => {
  it('answers 404 in the site layout, with a search box and a link home, in either language', async () => {
    for (const [lang, home, title] of [
      ['zh', '首页', '页面不存在'],
      ['en', 'Home', 'Page not found'],
    ] as const) {
      const { res, doc } = await get(`/no-such-page?lang=${lang}`)
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toContain('text/html')
      expect(doc.querySelector('header.site-header nav')?.textContent).toContain(home)
      expect(doc.querySelector('footer.site-footer')).not.toBeNull()
      const main = doc.querySelector('main [data-testid="page-missing"]')!
      expect(main.querySelector('h1')?.textContent).toBe(title)
      const form = main.querySelector('form[role="search"]')!
      expect(form.getAttribute('action')).toBe('/products')
      expect(form.querySelector('input[type="search"]')?.getAttribute('name')).toBe('keyword')
      expect(main.querySelector('a.more-link')?.getAttribute('href')).toBe(`/index?lang=${lang}`)
      expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex')
      // the page's own styles and script come along, as for every rendered page
      expect(res.body).toContain('/assets/missing-1.css')
    }
  })

  it('covers deeper and look-alike addresses, never the pages of the app', async () => {
    for (const url of ['/news/nope', '/supplier-applyx', '/a/b/c', '/workbench/more'])
      expect((await get(url)).res.statusCode, url).toBe(404)
    for (const url of ['/', '/index', '/Index', '/aboutus/', '/404', '/403', '/login', '/register'])
      expect((await get(url)).res.statusCode, url).toBe(200)
  })
})

describe('an unknown staff address', () => {
  it('answers 404 with the app shell (the app shows it in the staff layout)', async () => {
    for (const url of ['/order/no-such-screen', '/system/x', '/admin/pro/none', '/supplier/x/y']) {
      const { res } = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.body, url).toContain('<title>shell</title>')
      expect(res.headers['x-robots-tag'], url).toBe('noindex')
    }
    for (const url of ['/order/order', '/setting/personalCenter', '/admin/index'])
      expect((await get(url)).res.statusCode, url).toBe(200)
  })
})

describe('the product search of the not-found page', () => {
  it('lists the products whose title or part number matches, and says when none does', async () => {
    const { doc } = await get('/products?keyword=%E6%9B%B2%E8%BD%B4&lang=zh')
    const titles = [...doc.querySelectorAll('.product-card-title')].map((e) => e.textContent)
    expect(titles.length).toBeGreaterThan(0)
    expect(titles.every((x) => x?.includes('曲轴'))).toBe(true)
    expect(doc.querySelector('h1')?.textContent).toBe('与“曲轴”相关的产品')
    const none = await get('/products?keyword=zzzz-no-such-part&lang=en')
    expect(none.res.statusCode).toBe(200)
    expect(none.doc.querySelector('.empty-state')?.textContent).toBe(
      'No product matches this search',
    )
  })
})

describe('a news item without an English summary', () => {
  it('shows the Chinese summary on the English list flagged "In Chinese", and no flag in Chinese', async () => {
    const listed = (await t.app.inject('/api/News/GetList')).json<{
      data: { result: { Id: number }[] }
    }>().data.result
    const row = await t.db.db
      .selectFrom('news')
      .select(['id', 'summary_en'])
      .where('id', '=', listed[0]!.Id)
      .executeTakeFirstOrThrow()
    await t.db.db.updateTable('news').set({ summary_en: '' }).where('id', '=', row.id).execute()
    await bumpContentVersion(t.db.db)
    try {
      const card = (doc: Document) =>
        [...doc.querySelectorAll('a.news-card')].find((a) =>
          a.getAttribute('href')?.startsWith(`/news/detail?id=${row.id}&`),
        )!
      const en = card((await get('/news?lang=en')).doc)
      expect(en.querySelector('.news-card-summary .lang-flag')?.textContent).toBe('In Chinese')
      const zh = card((await get('/news?lang=zh')).doc)
      expect(zh.querySelector('.lang-flag')).toBeNull()
    } finally {
      await t.db.db
        .updateTable('news')
        .set({ summary_en: row.summary_en })
        .where('id', '=', row.id)
        .execute()
      await bumpContentVersion(t.db.db)
    }
  })
})
