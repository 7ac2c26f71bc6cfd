import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import * as c from '#shared/contract/content'
import type { Database } from '../../db/schema.ts'
import type { Lang } from '../../i18n.ts'
import { siteOrigin } from '../../public-url.ts'
import { listCategories } from '../content/catalog-repository.ts'
import { readContentVersion } from '../content/content-version.ts'
import { getContact } from '../content/site-repository.ts'
import { homePage, productPage, productsPage } from './catalog-pages.ts'
import { scriptJson } from './html.ts'
import { pageLang } from './lang.ts'
import { deferAppStart, pageAssets, type RouteChunk } from './page-assets.ts'
import { pageHead } from './page-head.ts'
import { siteLayout } from './page-layout.ts'
import { pathKind } from './app-paths.ts'
import { missingPage } from './missing-page.ts'
import type { Page, PageContext } from './page-model.ts'
import {
  aboutPage,
  contactPage,
  equipmentPage,
  newsListPage,
  newsPage,
  supplierPage,
} from './site-pages.ts'

type Render = (ctx: PageContext, search: URLSearchParams, path: string) => Promise<Page>
type Route = { render: Render; chunk: RouteChunk; params: string[] }

/** The public pages the server renders, by path (DESIGN §3), with the query fields they read. */
const routes: Record<string, Route> = {
  '/': { render: homePage, chunk: 'home', params: [] },
  '/index': { render: homePage, chunk: 'home', params: [] },
  '/aboutus': { render: aboutPage, chunk: 'about', params: [] },
  '/products': { render: productsPage, chunk: 'products', params: ['sort', 'keyword'] },
  '/prodetail': { render: productPage, chunk: 'product', params: ['id'] },
  '/equipment': { render: equipmentPage, chunk: 'equipment', params: [] },
  '/news': { render: newsListPage, chunk: 'news', params: [] },
  '/news/detail': { render: newsPage, chunk: 'newsDetail', params: ['id'] },
  '/contactus': { render: contactPage, chunk: 'contact', params: [] },
  '/supplier-apply': { render: supplierPage, chunk: 'supplier', params: [] },
}

/** Any other address outside the app's pages: HTTP 404 in the site layout (SPEC §8). */
const missing: Route = { render: missingPage, chunk: 'missing', params: [] }

export type RenderedPage = { status: number; html: string; vary: boolean }

/** Rendered pages kept per content version: a crawler burst reads the database once per page. */
const maxCached = 500

/**
 * Server rendering of the public pages: the shell HTML with the page's head, its
 * content as semantic HTML in the requested language, and the query data the app starts from.
 * Rendered pages are cached under the content version stamp, which every content save changes
 * (on every instance, since it lives in the database), so a save shows on the next request.
 * Null: not a public page (the caller answers with the plain shell).
 */
export function publicPageRenderer(
  db: Kysely<Database>,
  clientDir: string,
  shell: string,
  base = '/',
  publicOrigin: string | null = null,
) {
  const assets = pageAssets(clientDir, shell, base)
  const firstAsset = shell.search(/<script|<link rel="(?:modulepreload|stylesheet)"/)
  const headAt = firstAsset >= 0 ? firstAsset : shell.indexOf('</head>')
  // the shell's generic title and description make way for the page's own
  const before = shell
    .slice(0, headAt)
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
  // the page reads without scripts: no "needs JavaScript" note
  const after = deferAppStart(
    shell.slice(headAt).replace(/\s*<noscript>[\s\S]*?<\/noscript>/, ''),
    base,
  )
  const cache = new Map<string, { status: number; html: string }>()
  let cachedVersion = ''

  async function render(
    route: Route,
    lang: Lang,
    explicit: boolean,
    origin: string,
    path: string,
    search: URLSearchParams,
  ) {
    const [version, categories, contact] = await Promise.all([
      readContentVersion(db),
      listCategories(db, 0, 0, 99_999).then(
        (r) => c.categoryListResponse.parse({ code: 0, msg: 'ok', data: r }).data.result,
      ),
      getContact(db).then((r) => c.contactResponse.parse({ code: 0, msg: 'ok', data: r }).data),
    ])
    const ctx: PageContext = { db, lang, categories, contact, version, origin, base }
    const page = await route.render(ctx, search, path)
    const data = {
      lang,
      version,
      queries: [
        [['site', 'categories'], categories],
        [['site', 'contact'], contact],
        ...page.queries,
      ],
    }
    const { css, js } = assets(route.chunk, lang)
    const html =
      before.replace(/<html lang="[^"]*"/, `<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"`) +
      pageHead(ctx, page, explicit).value +
      css +
      after(js).replace(
        '<div id="root"></div>',
        // a function: a `$&` in the content must not be read as a replacement pattern
        () =>
          `<div id="root">${siteLayout(ctx, page.path, page.main).value}</div><script id="fl-page" type="application/json">${scriptJson(data)}</script>`,
      )
    return { version, result: { status: page.status, html } }
  }

  return async (req: FastifyRequest): Promise<RenderedPage | null> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null
    const url = new URL(req.url, 'http://localhost')
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname
    // the client's router matches without regard to case
    const route =
      routes[path.toLowerCase()] ?? (pathKind(path) === 'public-missing' ? missing : undefined)
    if (!route) return null
    const { lang, explicit } = pageLang(req, url.searchParams)
    // PUBLIC_URL's origin: a forged Host header changes neither the page nor its cache entry
    const origin = siteOrigin(publicOrigin, req)
    const params = route.params
      .map((p) => `${p}=${(url.searchParams.get(p) ?? '').slice(0, p === 'keyword' ? 100 : 12)}`)
      .join('&')
    const key = `${lang}|${explicit}|${origin}|${path.slice(0, 300)}?${params}`
    let version: string
    try {
      version = await readContentVersion(db)
    } catch (e) {
      // the database cannot be reached: a page rendered before is served as it was
      const kept = cache.get(key)
      if (kept) return { ...kept, vary: !explicit }
      throw e
    }
    if (version !== cachedVersion) {
      cache.clear()
      cachedVersion = version
    }
    let hit = cache.get(key)
    if (!hit) {
      const out = await render(route, lang, explicit, origin, path, url.searchParams)
      hit = out.result
      // a save between the version read and the render leaves the page out of the cache
      if (out.version === cachedVersion) {
        if (cache.size >= maxCached) cache.delete(cache.keys().next().value!)
        cache.set(key, hit)
      }
    }
    return { ...hit, vary: !explicit }
  }
}
