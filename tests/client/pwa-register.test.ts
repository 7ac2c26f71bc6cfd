import { afterEach, describe, expect, it, vi } from 'vitest'
import { registerServiceWorker } from '#client/app/pwa'

afterEach(() => {
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
})

describe('service worker registration', () => {
  it('a worker script that cannot be fetched (the connection dropped) is no uncaught error in the page', async () => {
    vi.stubEnv('PROD', true)
    const register = vi.fn(() =>
      Promise.reject(
        new TypeError(
          'Failed to register a ServiceWorker: An unknown error occurred when fetching the script.',
        ),
      ),
    )
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { serviceWorker: { register } }),
    )
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      registerServiceWorker(() => {})
      expect(register).toHaveBeenCalledTimes(1)
      await new Promise((r) => setTimeout(r, 20))
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })
})
