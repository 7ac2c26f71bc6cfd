import type { QueryClient } from '@tanstack/react-query'
import type { Locale } from './i18n.ts'

/**
 * What the server embeds in a public page it rendered (src/server/modules/seo/render-page.ts).
 * The service worker's offline copy of a page (src/client/app/sw-pages.ts) has no `version` and
 * says when it was kept (`savedAt`).
 */
type ServerPage = {
  lang: Locale
  version?: string
  queries: [unknown[], unknown][]
  savedAt?: number
}

let page: ServerPage | undefined | null = null

/**
 * The server's data of this page load: its language, the content version and the query data the
 * page was rendered from. Undefined when the page came without it (the service worker's shell,
 * a staff page, the dev server).
 */
export function serverPage(): ServerPage | undefined {
  if (page === null) {
    const text = document.getElementById('fl-page')?.textContent
    page = text ? (JSON.parse(text) as ServerPage) : undefined
  }
  return page
}

/** Fills the query cache with the data the page was rendered from: the app does not fetch it again. */
export function seedFromServerPage(queryClient: QueryClient) {
  for (const [key, data] of serverPage()?.queries ?? []) queryClient.setQueryData(key, data)
}
