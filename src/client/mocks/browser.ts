import { setupWorker } from 'msw/browser'
import { apiBase } from '#client/lib/http'
import { mockHandlers } from './handlers.ts'

/**
 * `npm run dev:mock`: answers the API in the browser with the mock handlers (no server). The
 * worker script is served by the dev server in mock mode only (scripts/vite-mock-mode.ts).
 */
export async function startMockWorker() {
  const socketUrl = `${location.origin.replace(/^http/, 'ws')}/ws`
  const worker = setupWorker(...mockHandlers(apiBase, socketUrl))
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    // pages, scripts and images come from the dev server; unknown API calls are answered above
    onUnhandledRequest: 'bypass',
    quiet: true,
  })
  console.info(
    '[forgeline] mock mode: the API is answered by msw (src/client/mocks), accounts admin, editor, test',
  )
}
