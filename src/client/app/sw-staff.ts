/**
 * Staff code kept for offline use, run inside the service worker (workbox `importScripts`,
 * vite.config.ts). The worker precaches the public site only; the build puts the staff chunk
 * manifest in front of this code (scripts/vite-precache-split.ts) as `forgelineStaff`.
 *
 * - `{type: 'CACHE_STAFF', paths}` (a signed-in staff page, src/client/lib/staff-offline.ts):
 *   the staff shell and the chunks of those pages are fetched into one cache; entries of older
 *   builds are dropped. The reply (on the message port) says how many files the cache holds.
 * - While that cache exists (someone signed in on this device), staff chunks are answered from
 *   it first and the ones fetched are added. Without it they go to the network untouched, so a
 *   visitor's device never stores back-office code. Logout deletes the cache (reset-session.ts).
 */
export {}

type StaffManifest = { shell: string[]; routes: Record<string, string[]> }
declare const forgelineStaff: StaffManifest
declare const self: ServiceWorkerGlobalScope

const cacheName = 'forgeline-staff'
const known = new Set([...forgelineStaff.shell, ...Object.values(forgelineStaff.routes).flat()].map((f) => `/${f}`))

async function keep(paths: string[]): Promise<number> {
  const wanted = new Set(forgelineStaff.shell)
  for (const p of paths) for (const f of forgelineStaff.routes[p] ?? []) wanted.add(f)
  const cache = await caches.open(cacheName)
  const have = new Set<string>()
  for (const req of await cache.keys()) {
    const path = new URL(req.url).pathname
    if (known.has(path)) have.add(path)
    else await cache.delete(req)
  }
  const missing = [...wanted].map((f) => `/${f}`).filter((u) => !have.has(u))
  // a few at a time, so the page's own requests keep the connection; a file that fails
  // (offline) leaves the others cached
  const next = async (): Promise<void> => {
    const u = missing.shift()
    if (u === undefined) return
    await cache.add(u).catch(() => undefined)
    return next()
  }
  await Promise.all([next(), next(), next()])
  return (await cache.keys()).length
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

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; paths?: unknown } | null
  if (data?.type !== 'CACHE_STAFF') return
  const paths = Array.isArray(data.paths) ? data.paths.filter((p): p is string => typeof p === 'string') : []
  event.waitUntil(keep(paths).then((count) => event.ports[0]?.postMessage({ cached: count })))
})

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url)
  if (event.request.method !== 'GET' || url.origin !== self.location.origin || !known.has(url.pathname)) return
  event.respondWith(staffChunk(event.request))
})
