/**
 * After sign-in (the staff guard, every staff page load): asks the service worker to keep the
 * staff shell and the pages of the user's menu for offline use. Resolves with the number of
 * files the worker's staff cache holds once it is done; undefined without a worker (dev, mock
 * mode, a browser without one).
 */
export async function keepStaffOffline(paths: Iterable<string>): Promise<number | undefined> {
  if (!import.meta.env.PROD || import.meta.env.MODE === 'mock' || !('serviceWorker' in navigator))
    return undefined
  // production builds register the worker after the page has loaded (pwa.ts); the worker
  // fetches a few files at a time, so the page's own requests keep going
  const worker = (await navigator.serviceWorker.ready).active
  if (!worker) return undefined
  const channel = new MessageChannel()
  const done = new Promise<number>((resolve) => {
    channel.port1.onmessage = (e: MessageEvent<{ cached: number }>) => resolve(e.data.cached)
  })
  worker.postMessage({ type: 'CACHE_STAFF', paths: [...paths] }, [channel.port2])
  return done
}
