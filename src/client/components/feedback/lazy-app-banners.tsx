import { lazy, Suspense } from 'react'
import type * as BannersModule from './app-banners.tsx'
import { keepEarlyInstallOffer } from './early-install-offer.ts'

const stopKeeping = keepEarlyInstallOffer()

/**
 * Resolves once the page has loaded and settled: offline at once (the offline banner is due), else
 * `settleMs` after the load event, when the browser is idle.
 */
function afterLoad(settleMs: number): Promise<void> {
  if (!navigator.onLine) return Promise.resolve()
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((r) => window.addEventListener('load', () => r(), { once: true }))
  return loaded
    .then(() => new Promise<void>((r) => setTimeout(r, settleMs)))
    .then(
      () =>
        new Promise<void>((r) =>
          typeof requestIdleCallback === 'function'
            ? requestIdleCallback(() => r(), { timeout: 1000 })
            : r(),
        ),
    )
}

/**
 * The banners' code, asked again (after 2 s, then twice as long each time) while it does not
 * come: a server restarting at that second must not leave the app without them.
 */
const importBanners = (waitMs = 2000): Promise<typeof BannersModule> =>
  import('./app-banners.tsx').catch(() =>
    new Promise((r) => setTimeout(r, waitMs)).then(() => importBanners(waitMs * 2)),
  )

const Banners = lazy(() =>
  afterLoad(2000)
    .then(() => importBanners())
    .then((m) => {
      // the banner listens from now on (install-prompt.tsx takes the offer kept so far)
      stopKeeping?.()
      return { default: m.AppBanners }
    }),
)

/**
 * The app's banners (offline, update, install, outbox) and the service worker's registration,
 * loaded once the first page has loaded and settled (offline: at once): neither their code
 * (about 3 KB gzip) nor the worker's registration and precache downloads compete with a
 * visitor's first load. The banners sit at the bottom, so their arrival moves
 * nothing on screen.
 */
export function LazyAppBanners() {
  return (
    <Suspense fallback={null}>
      <Banners />
    </Suspense>
  )
}
