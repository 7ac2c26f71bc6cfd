/**
 * Staff code kept for offline use, run inside the service worker (workbox `importScripts`,
 * vite.config.ts). The worker precaches the public site only; the build puts the address of its
 * staff file list in front of this code (scripts/vite-precache-split.ts) as `forgelineStaff`.
 *
 * - `{type: 'CACHE_STAFF', paths}` (a signed-in staff page, src/client/lib/staff-offline.ts):
 *   the staff file list, the staff shell and the chunks of those pages are fetched into one
 *   cache; entries of older builds are dropped. The reply (on the message port) says how many
 *   files the cache holds.
 * - While that cache exists (someone signed in on this device), staff chunks are answered from
 *   it first and the ones fetched are added. Without it they go to the network untouched, so a
 *   visitor's device never stores back-office code. Logout deletes the cache (reset-session.ts).
 * - The code of public pages left out of the precache (`publicOnDemand`, e.g. /supplier-apply:
 *   antd-mobile's form and the region data) is fetched into `forgeline-public-pages` when such a
 *   page opens (`{type: 'CACHE_PUBLIC_PAGES'}`, src/client/lib/public-page-offline.ts) and then
 *   answered from there; entries of older builds are dropped when the worker activates.
 * - Web Push (docs/push.md): a `push` of a notice shows a system notification (its text
 *   in the user's language, chosen by the server), puts the unread count on the app icon, and a
 *   tap opens the record in the app through the same click path as in-page notifications.
 */
export {}

/** This build's staff files (scripts/vite-chunk-graph.ts `packStaffManifest`) */
type StaffFiles = { shell: string[]; groups: string[][]; routes: Record<string, number[]> }
/**
 * Written in front of this code by the build: `files`, the address of this build's staff file
 * list (a JSON asset, not in the worker script, which every visitor downloads), and the public
 * files kept on demand.
 */
declare const forgelineStaff: { files: string; publicOnDemand: string[] }
declare const self: ServiceWorkerGlobalScope

const cacheName = 'forgeline-staff'
// the build's files are under BASE_PATH, the worker's scope (`/` or `/Nst/`)
const base = new URL(self.registration.scope).pathname
const listUrl = `${base}${forgelineStaff.files}`
/** the list, once read (it belongs to this build: its address carries its hash) */
let list: StaffFiles | undefined
/** the staff files' addresses; `undefined` while a worker just started still reads them */
let known: Set<string> | undefined

const parsed = async (r: Response) => (await r.json()) as StaffFiles

const takeStaffFiles = (files: StaffFiles | undefined) => {
  list = files
  known = new Set(
    files ? [listUrl, ...[...files.shell, ...files.groups.flat()].map((f) => `${base}${f}`)] : [],
  )
}
/**
 * Someone signed in on this device: the list is read from the staff cache (kept there with the
 * files); on a visitor's device there is no staff cache and nothing to read.
 */
const listRead = (async () => {
  const kept = (await caches.has(cacheName))
    ? await caches.match(listUrl, { cacheName })
    : undefined
  takeStaffFiles(kept ? await parsed(kept) : undefined)
})().catch(() => takeStaffFiles(undefined))

const publicCacheName = 'forgeline-public-pages'
const onDemand = new Set(forgelineStaff.publicOnDemand.map((f) => `${base}${f}`))

/**
 * Makes `cacheName` hold exactly the URLs of `wanted` that are in `known` (files of older builds
 * are dropped), fetching the missing ones a few at a time so the page's own requests keep the
 * connection; a file that fails (offline) leaves the others cached. Answers the entry count.
 */
async function fillCache(name: string, known: Set<string>, wanted: string[]): Promise<number> {
  const cache = await caches.open(name)
  const have = new Set<string>()
  for (const req of await cache.keys()) {
    const path = new URL(req.url).pathname
    if (known.has(path)) have.add(path)
    else await cache.delete(req)
  }
  const missing = wanted.filter((u) => !have.has(u))
  const next = async (): Promise<void> => {
    const u = missing.shift()
    if (u === undefined) return
    await cache.add(u).catch(() => undefined)
    return next()
  }
  await Promise.all([next(), next(), next()])
  return (await cache.keys()).length
}

/**
 * This build's list: the one already read, else from the network (a sign-in is online), else
 * the one kept before.
 */
async function readStaffFiles(): Promise<StaffFiles | undefined> {
  if (list) return list
  const answer = await fetch(listUrl).catch(() => undefined)
  const got = answer?.ok ? answer : await caches.match(listUrl, { cacheName })
  return got ? parsed(got) : undefined
}

async function keep(paths: string[]): Promise<number> {
  const files = await readStaffFiles()
  if (!files) return 0
  takeStaffFiles(files)
  const wanted = new Set(files.shell)
  for (const p of paths)
    for (const g of files.routes[p] ?? []) for (const f of files.groups[g] ?? []) wanted.add(f)
  return fillCache(cacheName, known!, [listUrl, ...[...wanted].map((f) => `${base}${f}`)])
}

async function staffChunk(request: Request): Promise<Response> {
  if (!(await caches.has(cacheName))) return fetch(request)
  const cache = await caches.open(cacheName)
  const hit = await cache.match(request)
  if (hit) return hit
  const response = await fetch(request)
  if (response.ok) await cache.put(request, response.clone())
  return response
}

/** The on-demand public pages' code, fetched into its own cache (CACHE_PUBLIC_PAGES). */
const keepPublicPages = () => fillCache(publicCacheName, onDemand, [...onDemand])

/** An on-demand public file: from its cache when kept, else as any other request. */
async function publicChunk(request: Request, path: string): Promise<Response> {
  const hit = (await caches.has(publicCacheName))
    ? await (await caches.open(publicCacheName)).match(request)
    : undefined
  if (hit) return hit
  return known?.has(path) ? staffChunk(request) : fetch(request)
}

async function dropOldPublicChunks() {
  if (!(await caches.has(publicCacheName))) return
  const cache = await caches.open(publicCacheName)
  for (const req of await cache.keys())
    if (!onDemand.has(new URL(req.url).pathname)) await cache.delete(req)
}

self.addEventListener('activate', (event) => event.waitUntil(dropOldPublicChunks()))

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; paths?: unknown } | null
  if (data?.type === 'CACHE_PUBLIC_PAGES')
    event.waitUntil(
      keepPublicPages().then((count) => event.ports[0]?.postMessage({ cached: count })),
    )
  if (data?.type !== 'CACHE_STAFF') return
  const paths = Array.isArray(data.paths)
    ? data.paths.filter((p): p is string => typeof p === 'string')
    : []
  event.waitUntil(keep(paths).then((count) => event.ports[0]?.postMessage({ cached: count })))
})

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url)
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return
  if (onDemand.has(url.pathname)) event.respondWith(publicChunk(event.request, url.pathname))
  else if (known?.has(url.pathname)) event.respondWith(staffChunk(event.request))
  else if (known === undefined && url.pathname.startsWith(`${base}assets/`)) {
    // a worker just started (an offline reload) reads the list first: a staff file asked for
    // meanwhile comes from the staff cache, any other from the precache (workbox, whose own
    // listener this one stands in for), else from the network
    event.stopImmediatePropagation()
    event.respondWith(
      listRead.then(async () =>
        known!.has(url.pathname)
          ? staffChunk(event.request)
          : ((await caches.match(event.request)) ?? fetch(event.request)),
      ),
    )
  }
})

/**
 * A click on a notice's system notification (src/client/features/notices/notice-alert.ts): an
 * open window of the app comes to the front and opens the notice there; with none, a new one.
 */
self.addEventListener('notificationclick', (event) => {
  const data = event.notification.data as { type?: string; url?: unknown; id?: unknown } | null
  event.notification.close()
  if (data?.type !== 'OPEN_NOTICE' || typeof data.url !== 'string' || !data.url.startsWith('/'))
    return
  const url = data.url
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const win = windows.find((w) => new URL(w.url).origin === self.location.origin)
      if (!win) {
        await self.clients.openWindow(url)
        return
      }
      await win.focus().catch(() => undefined)
      win.postMessage(data)
    })(),
  )
})

/** What the server pushes for a notice (src/server/modules/push/push-payload.ts). */
type PushedNotice = {
  type: 'notice'
  id: number
  title: string
  body: string
  url: string
  unread: number
}

function pushedNotice(data: PushMessageData | null): PushedNotice | null {
  try {
    const d = data?.json() as Partial<PushedNotice> | undefined
    if (
      d?.type !== 'notice' ||
      typeof d.id !== 'number' ||
      typeof d.title !== 'string' ||
      typeof d.body !== 'string'
    )
      return null
    return {
      type: 'notice',
      id: d.id,
      title: d.title,
      body: d.body,
      url: typeof d.url === 'string' && d.url.startsWith('/') ? d.url : base,
      unread: typeof d.unread === 'number' && d.unread >= 0 ? d.unread : 0,
    }
  } catch {
    return null
  }
}

type BadgeNavigator = WorkerNavigator & {
  setAppBadge?: (n?: number) => Promise<void>
  clearAppBadge?: () => Promise<void>
}

/** A notice pushed while the app may be closed: the same notification (tag, data) the page would raise. */
self.addEventListener('push', (event) => {
  const n = pushedNotice(event.data)
  if (!n) return
  const nav = self.navigator as BadgeNavigator
  const badge = n.unread > 0 ? nav.setAppBadge?.(n.unread) : nav.clearAppBadge?.()
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(n.title, {
        body: n.body,
        tag: `notice-${n.id}`,
        icon: `${base}icons/icon-192.png`,
        badge: `${base}icons/icon-192.png`,
        data: { type: 'OPEN_NOTICE', url: n.url, id: n.id },
      }),
      Promise.resolve(badge).catch(() => undefined),
    ]),
  )
})
