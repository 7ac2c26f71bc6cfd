import { msg } from '@lingui/core/macro'
import {
  chunkLoadTimeoutMs,
  keepRouterFromReloading,
  recoverFromMissingChunk,
  watchPageLoads,
} from '#client/lib/chunk-load'
import { translate } from '#client/lib/i18n'
import type { createAppRouter } from './router.tsx'

let installed = false

/**
 * SPEC §8/§9 load errors: a page whose code has not come in 120000 ms is logged and told; a chunk
 * Vite could not preload (gone after a new deploy) reloads the app once (chunk-load.ts), else the
 * error reaches the page's error boundary (PageError).
 */
export function installLoadErrors(router: ReturnType<typeof createAppRouter>) {
  if (installed || typeof window === 'undefined') return
  installed = true
  window.addEventListener('vite:preloadError', (e) => {
    if (recoverFromMissingChunk()) e.preventDefault()
    else keepRouterFromReloading(e.payload)
  })
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
