import { underBase } from '#shared/base-path'
import { withLang } from './html.ts'
import { markup, type Html } from './html-template.ts'
import type { Kysely } from 'kysely'
import type { Category, ContactInfo } from '#shared/contract/content'
import type { Database } from '../../db/schema.ts'
import type { Lang } from '../../i18n.ts'

/** What every public page is rendered with. */
export type PageContext = {
  db: Kysely<Database>
  lang: Lang
  categories: Category[]
  contact: ContactInfo
  /** the content version stamp the page was rendered at */
  version: string
  /** PUBLIC_URL's scheme and host (the request's without it, in development), for absolute URLs */
  origin: string
  /** BASE_PATH: the client's pages and files are under it (`/` or `/Nst/`) */
  base: string
}

/** A path of the client (page, picture of the build) under BASE_PATH; uploaded files stay at the root. */
export const sitePath = (ctx: Pick<PageContext, 'base'>, url: string) =>
  url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/uploads/')
    ? underBase(ctx.base, url)
    : url

/** A page link in a language: `/prodetail?id=1` -> `/Nst/prodetail?id=1&lang=en`. */
export const link = (ctx: Pick<PageContext, 'base'>, path: string, lang: string) =>
  sitePath(ctx, withLang(path, lang))

/** An absolute URL of a site path (pictures, pages) for crawlers and share cards. */
export const absolute = (ctx: Pick<PageContext, 'origin' | 'base'>, url: string) =>
  url.startsWith('/') && !url.startsWith('//') ? `${ctx.origin}${sitePath(ctx, url)}` : url

/** One entry of a page's breadcrumb trail (path without language). */
export type Crumb = { name: string; path: string }

/** A public page as the server renders it (render-page.ts turns it into HTML). */
export type Page = {
  status: 200 | 404
  /** the page's own URL without language: its canonical path and query */
  path: string
  /** page name for the SPEC §2 title rule; none: the site title alone */
  name?: string
  description: string
  /** absolute path of the picture for share cards */
  image?: string
  ogType: 'website' | 'product' | 'article'
  trail: Crumb[]
  /** the `<main>` content */
  main: Html
  /** schema.org objects besides Organization and BreadcrumbList */
  jsonLd: Record<string, unknown>[]
  /** query-cache entries the client starts from: [query key, data] (src/client/features/site/api) */
  queries: [unknown[], unknown][]
  /** extra head tags (preloads of the largest picture) */
  head?: Html
}

/** A zh/en pair in the page's language, falling back to Chinese (DESIGN §4). */
export const pick = (zh: string, en: string | undefined, lang: Lang) =>
  lang === 'en' && en && en.trim() !== '' ? en : zh

/**
 * `pick` as HTML text: escaped, and marked `lang="zh-CN"` when an English page shows the
 * Chinese fallback, so a screen reader reads it as Chinese.
 */
export const pickHtml = (zh: string, en: string | undefined, lang: Lang): Html => {
  const text = pick(zh, en, lang)
  const fallback = lang === 'en' && (!en || en.trim() === '') && hasHan(zh)
  return fallback ? markup`<span lang="zh-CN">${text}</span>` : markup`${text}`
}

/** Whether text holds a Chinese character (a part number or a figure needs no language). */
function hasHan(text: string): boolean {
  for (const ch of text) {
    const c = ch.codePointAt(0)!
    if ((c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf)) return true
  }
  return false
}

export const defaultCategoryImage = '/images/default-category.webp'
export const categoryImage = (c: Pick<Category, 'ImgUrl'>) =>
  c.ImgUrl.find((i) => i.url)?.url ?? defaultCategoryImage

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** A date as the client's news cards show it (news-card.tsx formatDate). */
export function formatDate(iso: string, lang: Lang): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  const [y, m, day] = [d.getFullYear(), d.getMonth(), d.getDate()]
  return lang === 'zh' ? `${y}年${m + 1}月${day}日` : `${day} ${months[m]} ${y}`
}
