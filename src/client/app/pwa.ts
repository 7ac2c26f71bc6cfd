import { atBase, basePath } from '#client/lib/base-url'

export type UpdateHandle = { apply: () => void }

/**
 * Registers the service worker (production builds only, never in mock mode) and reports a waiting new version;
 * it never reloads by itself: `apply` is called when the user accepts. What workbox-window's
 * `Workbox` did here, in a few lines of the browser's own API: a visitor's first load stays
 * 2 KB lighter. The worker (vite-plugin-pwa, `registerType: 'prompt'`) takes over
 * when it receives `{type: 'SKIP_WAITING'}`.
 */
export function registerServiceWorker(onUpdate: (u: UpdateHandle) => void) {
  // never in dev or mock mode (`npm run dev:mock`: msw's worker owns the scope there)
  if (!import.meta.env.PROD || import.meta.env.MODE === 'mock' || !('serviceWorker' in navigator))
    return
  const sw = navigator.serviceWorker
  const offer = (waiting: ServiceWorker) =>
    onUpdate({
      apply: () => {
        sw.addEventListener('controllerchange', () => window.location.reload(), { once: true })
        waiting.postMessage({ type: 'SKIP_WAITING' })
      },
    })
  const register = async () => {
    const reg = await sw.register(atBase('/sw.js'), { scope: basePath })
    // a new version installed earlier, waiting for the tabs of the old one
    if (reg.waiting && sw.controller) offer(reg.waiting)
    reg.addEventListener('updatefound', () => {
      const next = reg.installing
      next?.addEventListener('statechange', () => {
        // the first install takes over at once; a later one waits for the user
        if (next.state === 'installed' && sw.controller) offer(next)
      })
    })
  }
  // a page loaded while the connection drops (or the server restarts) cannot fetch sw.js: the
  // app works without the worker and the next load registers it
  const tryRegister = () => register().catch(() => {})
  // like workbox-window: after the page has loaded, so the worker's precaching does not compete
  if (document.readyState === 'complete') void tryRegister()
  else window.addEventListener('load', () => void tryRegister(), { once: true })
}
