import type { QueryClient } from '@tanstack/react-query'
import { isLocale, type Locale } from './i18n.ts'

/** What the server embeds in a public page it rendered (src/server/modules/seo/render-page.ts). */
type ServerPage = { lang: Locale; version: string; queries: [unknown[], unknown][] }

let read = false
let page: ServerPage | undefined

/**
 * The server's data of this page load: its language, the content version and the query data the
 * page was rendered from. Undefined when the page came without it (the service worker's shell,
 * a staff page, the dev server).
 */
export function serverPage(): ServerPage | undefined {
  if (read) return page
  read = true
  if (typeof document === 'undefined') return undefined
  const el = document.getElementById('fl-page')
  try {
    const value = el ? (JSON.parse(el.textContent ?? '') as Partial<ServerPage>) : undefined
    if (value && isLocale(value.lang) && typeof value.version === 'string' && Array.isArray(value.queries)) page = value as ServerPage
  } catch {
    page = undefined
  }
  // the server's HTML says its language too; a page without the data has no say
  return page
}

/** Fills the query cache with the data the page was rendered from: the app does not fetch it again. */
export function seedFromServerPage(queryClient: QueryClient) {
  for (const [key, data] of serverPage()?.queries ?? []) queryClient.setQueryData(key, data)
}
