import { msg } from '@lingui/core/macro'
import { chunkLoadTimeoutMs, keepRouterFromReloading, watchPageLoads } from '#client/lib/chunk-load'
import { translate } from '#client/lib/i18n'
import type { createAppRouter } from './router.tsx'

let installed = false

/**
 * SPEC §8/§9 load errors: a page whose code has not come in 120000 ms is logged and told; a chunk
 * Vite could not load (gone after a new deploy) reaches the page's error boundary (PageError),
 * which reloads the app once when the server answers (chunk-load.ts).
 */
export function installLoadErrors(router: ReturnType<typeof createAppRouter>) {
  if (installed || typeof window === 'undefined') return
  installed = true
  // the page's error boundary decides (PageError, chunk-load.ts), not the router by itself
  window.addEventListener('vite:preloadError', (e) => keepRouterFromReloading(e.payload))
  watchPageLoads(router, () => {
    const content = translate(
      msg`The page took too long to load. Check the connection and try again.`,
    )
    const message = `Loading ${router.state.location.href} took longer than ${chunkLoadTimeoutMs} ms`
    void import('#client/features/error-log/error-store').then(({ addError }) =>
      addError({ source: 'chunk', message }),
    )
    void import('#client/components/feedback/toast').then(({ Toast }) =>
      Toast.show({ icon: 'fail', content, duration: 3000 }),
    )
  })
}
