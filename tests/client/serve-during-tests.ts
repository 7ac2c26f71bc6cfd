import type { SetupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { activateLocale } from '#client/lib/i18n'

/**
 * A test file's mock server: it listens from the first test on (a request no handler answers
 * fails the test), after each test its handlers are reset, `cleanUp` runs (e.g. putting back
 * timers or stubbed globals) and the locale is zh again; it closes after the last test.
 */
export function serveDuringTests(server: SetupServer, cleanUp?: () => void) {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(async () => {
    server.resetHandlers()
    cleanUp?.()
    await activateLocale('zh')
  })
  afterAll(() => server.close())
}
