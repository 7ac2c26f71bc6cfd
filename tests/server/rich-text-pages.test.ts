import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

/**
 * A news body people wrote in markdown renders as such on the public site, in both languages:
 * the server's page and the API's `BodyHtml`/`BodyEnHtml` the app shows; scripts stay text.
 */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { document: Document } }
}

let t: TestApp
let clientDir: string
let id = 0
let productId = 0
const zh =
  '**重要**通知：见[官网](https://example.com/a)。\n\n> 质量第一\n\n1. 锻造\n2. 机加工\n\n<script>alert(1)</script>'
const en =
  '**Important** notice: see [the site](https://example.com/a).\n\n> Quality first\n\n1. Forging\n2. Machining\n\n<script>alert(1)</script>'

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-rich-'))
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html>\n<html lang="zh-CN">\n<head>\n<meta charset="UTF-8" />\n<title>shell</title>\n</head>\n<body>\n<div id="root"></div>\n</body>\n</html>\n',
  )
  t = await createTestApp({ CLIENT_DIR: clientDir, SEED_DEMO: 'false' })
  const row = await t.db.db
    .insertInto('news')
    .values({
      title: '富文本新闻',
      title_en: 'Rich news',
      summary: '',
      summary_en: '',
      body: zh,
      body_en: en,
      image: '',
      published: 1,
      published_at: '2026-12-01',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  id = Number(row.id)
  const now = new Date().toISOString()
  const category = await t.db.db
    .insertInto('product_category')
    .values({
      parent_id: 0,
      title: '锻件',
      title_en: 'Forgings',
      img_url: '',
      sort: 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const product = await t.db.db
    .insertInto('product')
    .values({
      category_id: Number(category.id),
      title: '富文本产品',
      title_en: 'Rich product',
      part_no: '',
      summary: '',
      summary_en: '',
      body: zh,
      body_en: en,
      images: '[]',
      specs: '[]',
      sort: 1,
      featured: 0,
      published: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  productId = Number(product.id)
})
afterAll(async () => {
  await t.close()
  fs.rmSync(clientDir, { recursive: true, force: true })
})

/** What a reader sees formatted: bold, link, quote, numbered list; and no script element. */
function expectFormatted(
  root: ParentNode,
  words: { bold: string; link: string; quote: string; item: string },
) {
  expect(root.querySelector('strong')?.textContent).toBe(words.bold)
  const a = root.querySelector('a[href="https://example.com/a"]')
  expect(a?.textContent).toBe(words.link)
  expect(a?.getAttribute('rel')).toBe('nofollow noopener')
  expect(root.querySelector('blockquote')?.textContent?.trim()).toBe(words.quote)
  expect([...root.querySelectorAll('ol > li')].map((li) => li.textContent)).toContain(words.item)
  expect(root.querySelector('script')).toBeNull()
  expect(root.textContent).toContain('<script>alert(1)</script>')
}
const zhWords = { bold: '重要', link: '官网', quote: '质量第一', item: '锻造' }
const enWords = { bold: 'Important', link: 'the site', quote: 'Quality first', item: 'Forging' }
const fragment = (html: string) => new JSDOM(`<div>${html}</div>`).window.document.body

describe('markdown news and product bodies', () => {
  it('the public news page shows them formatted in Chinese and English', async () => {
    for (const [lang, words] of [
      ['zh', zhWords],
      ['en', enWords],
    ] as const) {
      const res = await t.app.inject({ url: `/news/detail?id=${id}&lang=${lang}` })
      expect(res.statusCode).toBe(200)
      const doc = new JSDOM(res.body).window.document
      const body = doc.querySelector('.news-detail .rich-text')
      expect(body, lang).not.toBeNull()
      expectFormatted(body!, words)
      // the server's own script tags are elsewhere; the body's never runs
      expect(res.body).not.toContain('<script>alert(1)</script>')
    }
  })

  it('the API sends the same HTML for the app, both languages', async () => {
    const res = await t.app.inject(`/api/News/Get?id=${id}`)
    const data = res.json<{ data: { Body: string; BodyHtml: string; BodyEnHtml: string } }>().data
    expect(data.Body).toBe(zh)
    expectFormatted(fragment(data.BodyHtml), zhWords)
    expectFormatted(fragment(data.BodyEnHtml), enWords)
  })

  it('a product body too', async () => {
    const res = await t.app.inject({ url: `/prodetail?id=${productId}&lang=en` })
    expect(res.statusCode).toBe(200)
    const body = new JSDOM(res.body).window.document.querySelector('.product-body .rich-text')
    expectFormatted(body!, enWords)
    const api = await t.app.inject(`/api/CommonData/Get?id=${productId}`)
    expectFormatted(fragment(api.json<{ data: { BodyHtml: string } }>().data.BodyHtml), zhWords)
  })
})
