/**
 * Public pages kept for offline use as the server rendered them, run inside the service
 * worker after sw-staff.ts (scripts/vite-precache-split.ts joins them into `sw-staff.js`).
 *
 * A visitor's first pages come from the server before the worker controls them (it registers after
 * the first load), and pages opened by address while it is installing never start the app: their
 * data reaches neither the worker's caches nor the saved query copy. So:
 * - public/start.js notes each server-rendered page's address in `forgeline-seen`;
 * - the worker keeps the server's page of every noted address, of every public page opened by
 *   address while it is in control, and of the installed app's start page in `forgeline-pages`
 *   (one copy per page, `lang` left out: the app shows it in the language it starts in);
 * - a navigation to a kept page goes to the network first (the copy is refreshed) and gets the
 *   copy when the network fails or is slow; the copy carries when it was kept (`savedAt` in the
 *   page's data: the offline banner shows its age, the app does not take it for the current
 *   content version). Pages never kept get the app shell as before (workbox navigateFallback).
 * - a new worker refreshes every kept page (their scripts are the new build's).
 */
export {}

declare const self: ServiceWorkerGlobalScope

const seenCache = 'forgeline-seen'
const pagesCache = 'forgeline-pages'
const scope = self.registration.scope
/** The public pages (relative to the scope); the manifest's start_url is `index`. */
const publicPage =
  /^(?:index|aboutus|products|prodetail|equipment|news|news\/detail|contactus|supplier-apply)?$/
const maxPages = 80

/** One key per page: the address without `lang` (both languages read the same copy), params sorted. */
function pageKey(href: string): string | undefined {
  const url = new URL(href)
  if (
    url.origin !== self.location.origin ||
    !url.href.startsWith(scope) ||
    !publicPage.test(url.pathname.slice(new URL(scope).pathname.length))
  )
    return undefined
  url.searchParams.delete('lang')
  url.searchParams.sort()
  url.hash = ''
  return url.href
}

/** Fetches the server's page into the cache; false when it could not (offline, not a page). */
async function keepPage(cache: Cache, key: string): Promise<boolean> {
  try {
    const res = await fetch(key, { credentials: 'same-origin', headers: { Accept: 'text/html' } })
    if (!res.ok || !(res.headers.get('content-type') ?? '').includes('text/html')) return false
    await putPage(cache, key, res)
    return true
  } catch {
    return false
  }
}

/** Stores a page (a plain response, so it may answer navigations) with the time it was kept. */
async function putPage(cache: Cache, key: string, res: Response) {
  const headers = new Headers(res.headers)
  headers.set('x-kept-at', String(Date.now()))
  await cache.put(key, new Response(await res.blob(), { status: 200, headers }))
}

/**
 * Keeps the pages noted since the last run and the start page; `all` also refreshes the kept ones
 * (a new worker). Oldest copies beyond `maxPages` are dropped.
 */
async function keepPages(all: boolean) {
  const [seen, pages] = await Promise.all([caches.open(seenCache), caches.open(pagesCache)])
  const kept = new Set((await pages.keys()).map((r) => r.url))
  const wanted = new Map<string, Request[]>([[`${scope}index`, []]])
  for (const r of await seen.keys()) {
    const key = pageKey(r.url)
    if (key === undefined) await seen.delete(r)
    else wanted.set(key, [...(wanted.get(key) ?? []), r])
  }
  if (all) for (const k of kept) if (!wanted.has(k)) wanted.set(k, [])
  const queue = [...wanted].filter(([k]) => all || !kept.has(k))
  const next = async (): Promise<void> => {
    const item = queue.shift()
    if (!item) return
    if (await keepPage(pages, item[0])) for (const r of item[1]) await seen.delete(r)
    return next()
  }
  await Promise.all([next(), next(), next()])
  for (const [k, noted] of wanted) if (kept.has(k)) for (const r of noted) await seen.delete(r)
  const keys = await pages.keys()
  for (const r of keys.slice(0, Math.max(0, keys.length - maxPages))) await pages.delete(r)
}

/**
 * The kept copy, its page data saying when it was kept (`savedAt`: the offline banner shows its
 * age) and without the content version it was rendered from, which the app must not take for the
 * current one (features/site/api/get-content-version.ts would drop the newer saved reads).
 */
async function savedCopy(kept: Response): Promise<Response> {
  const at = Number(kept.headers.get('x-kept-at') ?? '0')
  const html = (await kept.text()).replace(
    /(<script id="fl-page" type="application\/json">)([^<]*)/,
    (_all, tag: string, json: string) => {
      const { version: _old, ...data } = JSON.parse(json) as Record<string, unknown>
      return tag + JSON.stringify({ ...data, savedAt: at }).replace(/</g, '\\u003c')
    },
  )
  return new Response(html, { headers: kept.headers })
}

/** Network first (refreshing the copy); the copy when the network fails or takes over 4 s. */
async function keptPageResponse(event: FetchEvent, key: string, kept: Response): Promise<Response> {
  const network = fetch(event.request).then(async (res) => {
    if (res.ok && (res.headers.get('content-type') ?? '').includes('text/html'))
      await putPage(await caches.open(pagesCache), key, res.clone())
    return res
  })
  event.waitUntil(network.catch(() => undefined))
  const slow = new Promise<undefined>((resolve) => setTimeout(resolve, 4000, undefined))
  const first = await Promise.race([network.catch(() => undefined), slow])
  return first ?? savedCopy(kept)
}

async function navigate(event: FetchEvent, key: string): Promise<Response> {
  const kept = await (await caches.open(pagesCache)).match(key)
  // never kept: keep it now (the shell answers, below, as workbox's navigation route would)
  if (!kept)
    return (
      (await caches.match(`${scope}index.html`, { ignoreSearch: true })) ?? fetch(event.request)
    )
  return keptPageResponse(event, key, kept)
}

self.addEventListener('activate', (event) => event.waitUntil(keepPages(true)))

self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate' || event.request.method !== 'GET') return
  const key = pageKey(event.request.url)
  // pages noted by public/start.js since the last navigation
  event.waitUntil(keepPages(false).catch(() => undefined))
  if (key === undefined) return
  event.waitUntil(
    caches
      .open(pagesCache)
      .then(async (c) => (await c.match(key)) || keepPage(c, key))
      .catch(() => undefined),
  )
  event.respondWith(navigate(event, key))
})
