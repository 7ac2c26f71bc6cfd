/**
 * A public page whose code is not precached (scripts/vite-chunk-graph.ts `onDemandPublicPages`,
 * e.g. /supplier-apply) asks the service worker, once open, to keep that code for offline use.
 * Resolves with the number of files kept; undefined without a worker (dev, mock mode).
 */
export async function keepPublicPageOffline(): Promise<number | undefined> {
  if (!import.meta.env.PROD || import.meta.env.MODE === 'mock' || !('serviceWorker' in navigator))
    return undefined
  const worker = (await navigator.serviceWorker.ready).active
  if (!worker) return undefined
  const channel = new MessageChannel()
  const done = new Promise<number>((resolve) => {
    channel.port1.onmessage = (e: MessageEvent<{ cached: number }>) => resolve(e.data.cached)
  })
  worker.postMessage({ type: 'CACHE_PUBLIC_PAGES' }, [channel.port2])
  return done
}
