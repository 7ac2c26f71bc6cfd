import type { QueryClient } from '@tanstack/react-query'
import { siteSchemas } from './site-contract.ts'
import { fromBase } from '#client/lib/base-url'
import { apiBase } from '#client/lib/http'
import { fetchWithin } from '#client/lib/fetch-within'
import { cacheRestored } from '#client/lib/query-persister'
import { seedFromServerPage, serverPage } from '#client/lib/server-page'

/** Where the stamp of the public content last seen by this browser is kept. */
export const contentVersionKey = 'forgeline-content-version'
/** The service worker's cache of public reads (vite.config.ts runtimeCaching). */
const publicApiCache = 'forgeline-public-api'

/** `GET Content/Version`, bypassing the HTTP cache; undefined offline or when it does not answer in time. */
async function getContentVersion(): Promise<string | undefined> {
  if (typeof navigator === 'undefined' || !navigator.onLine) return undefined
  try {
    const res = await fetchWithin(
      `${apiBase}/Content/Version`,
      { cache: 'no-store', headers: { Accept: 'application/json' } },
      2500,
    )
    const { contentVersionResponse } = await siteSchemas()
    const body = contentVersionResponse.safeParse(await res.json())
    return body.success ? body.data.data.Version : undefined
  } catch {
    return undefined
  }
}

/** The public site's addresses (routes/_site): only they read the public content at once. */
const publicPage =
  /^\/(?:index|aboutus|products|prodetail|equipment|news|contactus|supplier-apply)?(?:\/|$)/

// asked at once on a public page, in parallel with the scripts still loading; in mock mode only
// once the mock worker answers (this module is evaluated before main.tsx starts it); a page the
// server rendered says which version it was rendered from: no request then. Staff and sign-in
// pages ask when they first open a public page (freshPublicContent), not on every start.
const early =
  typeof window === 'undefined' || import.meta.env.MODE === 'mock'
    ? undefined
    : serverPage()
      ? Promise.resolve(serverPage()!.version)
      : publicPage.test(fromBase(location.pathname))
        ? getContentVersion()
        : undefined
let checked: Promise<void> | undefined

/**
 * Once per page load, before the public pages read their data: when the server's
 * content stamp differs from the one this browser saw last, the persisted copy of the public
 * reads (query keys `['site', ...]`) and the worker's cache of them are dropped, so a staff save
 * shows on a visitor's next load. Offline or without an answer, the kept copy is used.
 */
export function freshPublicContent(queryClient: QueryClient): Promise<void> {
  checked ??= (async () => {
    const version = await (early ?? getContentVersion())
    if (version === undefined || localStorage.getItem(contentVersionKey) === version) return
    // the persisted cache must be read back first, or it would restore the old copy afterwards
    await cacheRestored
    queryClient.removeQueries({ queryKey: ['site'] })
    // what the server rendered this page from is of the current version
    seedFromServerPage(queryClient)
    if (typeof caches !== 'undefined') await caches.delete(publicApiCache).catch(() => false)
    localStorage.setItem(contentVersionKey, version)
  })()
  return checked
}
