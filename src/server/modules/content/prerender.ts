import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { listProducts } from './catalog-repository.ts'

export type Prerender = { head: string; body: string }

const attr = (s: string) => s.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)

/** Height of the fixed site header, kept free so the prerendered content sits where the app puts it. */
const headerSpace = '<div style="height:57px"></div>'

/** The home page: the first carousel image (the LCP element) is preloaded and painted at once. */
async function homeFirstSlide(db: Kysely<Database>): Promise<Prerender | null> {
  const slide = await db
    .selectFrom('carousel')
    .select(['image', 'image_sm'])
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .executeTakeFirst()
  if (!slide) return null
  const small = attr(slide.image_sm || slide.image)
  const large = attr(slide.image)
  return {
    head:
      `<link rel="preload" as="image" href="${small}" media="(max-width: 700px)" fetchpriority="high">` +
      `<link rel="preload" as="image" href="${large}" media="(min-width: 701px)" fetchpriority="high">`,
    body:
      `${headerSpace}<picture><source media="(max-width: 700px)" srcset="${small}">` +
      `<img src="${large}" alt="" width="1200" height="560" fetchpriority="high" style="display:block;width:100%;height:auto;aspect-ratio:1200/560;object-fit:cover"></picture>`,
  }
}

/** Products shown before the first script runs: the first row on a phone, the first row on a desktop. */
const firstProducts = 4

/**
 * The product centre: the pictures of the first products of the chosen category (the LCP
 * element is the first of them) in the grid the page lays them out in, 2/3/4 columns as in
 * site.css, below the space of the title and the category tabs.
 */
async function productsFirstRow(db: Kysely<Database>, search: URLSearchParams): Promise<Prerender | null> {
  const sort = search.get('sort')
  const categoryId = sort !== null && /^\d{1,9}$/.test(sort) ? Number(sort) : undefined
  if (sort !== null && categoryId === undefined) return null
  const { result } = await listProducts(db, { categoryId }, 0, firstProducts)
  const images = result.map((p) => p.Image).filter(Boolean)
  if (images.length === 0) return null
  const style =
    '<style>.fl-pre{max-width:1200px;margin:0 auto;padding:20px 16px}' +
    '.fl-pre ul{list-style:none;margin:121px 0 0;padding:0;display:grid;grid-template-columns:repeat(2,1fr);gap:12px}' +
    '.fl-pre img{display:block;width:100%;height:auto;aspect-ratio:1;object-fit:cover;border-radius:8px;background:#f3f5f8}' +
    '.fl-pre li:nth-child(n+3){display:none}' +
    '@media (min-width:700px){.fl-pre ul{grid-template-columns:repeat(3,1fr)}.fl-pre li:nth-child(3){display:block}}' +
    '@media (min-width:999px){.fl-pre ul{grid-template-columns:repeat(4,1fr)}.fl-pre li:nth-child(4){display:block}}</style>'
  const preload = images
    .slice(0, 2)
    .map((src) => `<link rel="preload" as="image" href="${attr(src)}" fetchpriority="high">`)
    .join('')
  const items = images
    .map((src) => `<li><img src="${attr(src)}" alt="" width="320" height="320" fetchpriority="high"></li>`)
    .join('')
  return { head: preload + style, body: `${headerSpace}<div class="fl-pre" aria-hidden="true"><ul>${items}</ul></div>` }
}

/**
 * What the shell HTML carries before any script runs for the pages whose largest paint is an
 * image: it is preloaded and painted at once, and the app replaces it when it renders.
 * `url` is the request's path with its query.
 */
export async function prerenderFor(db: Kysely<Database>, url: string): Promise<Prerender | null> {
  const { pathname, searchParams } = new URL(url, 'http://localhost')
  if (pathname === '/' || pathname === '/index') return homeFirstSlide(db)
  if (pathname === '/products') return productsFirstRow(db, searchParams)
  return null
}
