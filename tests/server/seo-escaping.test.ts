import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bumpContentVersion } from '#server/modules/content/content-version'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

/**
 * The server-rendered pages escape by default. Every text of the managed content
 * (products, categories, slides, news, equipment, about, contact) is set to markup that would run
 * or break an attribute if a value went out unescaped; every public page, in both languages,
 * must show it as text.
 */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { document: Document } }
}

const hostile = `<script>alert(1)</script>"'&</script><b x="`
const tables = [
  'product_category',
  'product',
  'carousel',
  'contact_info',
  'page',
  'news',
  'equipment',
] as const
const keep = new Set([
  'id',
  'key',
  'sort',
  'parent_id',
  'category_id',
  'published',
  'enabled',
  'featured',
  'quantity',
])

/** Every string of a value, JSON lists and objects included (pictures, specs, QR titles), made hostile. */
function poison(value: unknown): unknown {
  if (typeof value === 'string') return hostile
  if (Array.isArray(value)) return value.map(poison)
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v)]))
  return value
}

let t: TestApp
let clientDir: string

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-esc-'))
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html>\n<html lang="zh-CN">\n<head>\n<meta charset="UTF-8" />\n<title>shell</title>\n<script type="module" crossorigin src="/assets/app-1.js"></script>\n</head>\n<body>\n<div id="root"></div>\n</body>\n</html>\n',
  )
  t = await createTestApp({ CLIENT_DIR: clientDir })
  const db = t.db.db
  for (const table of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db))
      .rows
    for (const row of rows) {
      const set: Record<string, unknown> = {}
      for (const [col, v] of Object.entries(row)) {
        if (keep.has(col) || col.endsWith('_at') || typeof v !== 'string') continue
        const json = /^\s*[[{]/.test(v) ? (JSON.parse(v) as unknown) : undefined
        set[col] = json === undefined ? hostile : JSON.stringify(poison(json))
      }
      // a markdown body: a heading, a list and a paragraph, each hostile
      for (const col of ['body', 'body_en'])
        if (col in set)
          set[col] = `## ${hostile}\n\n- ${hostile}\n- ${hostile}\n\n${hostile}\n${hostile}`
      const pk = 'id' in row ? 'id' : 'key'
      if (Object.keys(set).length > 0)
        await db
          .updateTable(table)
          .set(set as never)
          .where(pk as never, '=', row[pk] as never)
          .execute()
    }
  }
  await bumpContentVersion(db)
})
afterAll(async () => {
  await t.close()
  fs.rmSync(clientDir, { recursive: true, force: true })
})

const pages = [
  '/index',
  '/aboutus',
  '/products',
  '/products?sort=1',
  '/prodetail?id=1',
  '/equipment',
  '/news',
  '/news/detail?id=1',
  '/contactus',
  '/supplier-apply',
]

describe('server-rendered pages escape every content field', () => {
  for (const lang of ['zh', 'en'] as const)
    it(`no hostile content runs or breaks an attribute on any public page (${lang})`, async () => {
      for (const p of pages) {
        const url = `${p}${p.includes('?') ? '&' : '?'}lang=${lang}`
        const res = await t.app.inject({ url, headers: { host: 'forgeline.test' } })
        expect(res.statusCode, url).toBe(200)
        expect(res.body, url).not.toMatch(/<script>alert|<b x=/i)
        const doc = new JSDOM(res.body).window.document
        // the only scripts are the app's files and the JSON data islands
        for (const s of doc.querySelectorAll('script')) {
          const json = s.type === 'application/ld+json' || s.type === 'application/json'
          expect(
            json || (s.hasAttribute('src') && !s.textContent?.trim()),
            `${url}: ${s.outerHTML.slice(0, 80)}`,
          ).toBe(true)
        }
        expect(doc.querySelectorAll('b'), url).toHaveLength(0)
        // every attribute is one the renderer wrote, not a piece of content
        for (const el of doc.querySelectorAll('*'))
          for (const a of el.attributes)
            expect(a.name, `${url}: <${el.tagName} ${a.name}>`).toMatch(/^[a-z][a-z:-]*$/)
        // and the content is there, as text (the footer's contact on every page)
        expect(doc.getElementById('root')?.innerHTML ?? '', url).toContain(
          '&lt;script&gt;alert(1)&lt;/script&gt;"\'&amp;&lt;/script&gt;',
        )
      }
    })
})
