import { markup } from './html-template.ts'
import { link, sitePath, type Page, type PageContext } from './page-model.ts'
import { st } from './texts.ts'

/**
 * An unknown public address: HTTP 404 in the site layout, with a product search and a link
 * home (site-page-missing.tsx draws the same). `path` is the address asked for: the language
 * link of the header leads to it in the other language.
 */
export async function missingPage(
  ctx: PageContext,
  _search: URLSearchParams,
  path: string,
): Promise<Page> {
  const { lang } = ctx
  const title = st('Page not found', lang)
  const main = markup`<div class="page site-not-found" data-testid="page-missing">\
<h1 class="site-not-found-title">${title}</h1>\
<p class="site-not-found-text">${st('This page does not exist.', lang)}</p>\
<form class="site-search" role="search" action="${sitePath(ctx, '/products')}" method="get">\
<input type="hidden" name="lang" value="${lang}">\
<input type="search" name="keyword" maxlength="100" aria-label="${st('Search products', lang)}" placeholder="${st('Product name or part number', lang)}">\
<button type="submit">${st('Search', lang)}</button></form>\
<a href="${link(ctx, '/index', lang)}" class="more-link">${st('Back to the home page', lang)}</a></div>`
  return {
    status: 404,
    path: path.slice(0, 300),
    name: title,
    description: title,
    ogType: 'website',
    trail: [],
    main,
    jsonLd: [],
    queries: [],
  }
}
