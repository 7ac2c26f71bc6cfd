import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { rewriteLegacyHash } from './app/legacy-hash.ts'
import {
  activateLocale,
  saveLocaleCookie,
  savedLocale,
  startLocale,
  startWithSiteCatalog,
} from './lib/i18n.ts'
import { serverPage } from './lib/server-page.ts'
import './app/global.css'

rewriteLegacyHash()
// `npm run dev:mock`: msw answers the API in the browser (src/client/mocks); a constant false in
// every other build, so the mocks never reach a production bundle
if (import.meta.env.MODE === 'mock')
  await import('./mocks/browser.ts').then((m) => m.startMockWorker())
// production builds alias antd-mobile's renderer to a createRoot one (vite.config.ts); the dev
// server's pre-bundled antd-mobile may not see that alias, so install it the documented way
if (import.meta.env.DEV) void import('./app/antd-render.ts').then((m) => m.installAntdRenderer())

// the staff catalog loads when the router enters a page that needs it (routes/__root.tsx)
startWithSiteCatalog()
// the language the server rendered the page in, so the app takes over without changing a word
const locale = startLocale(serverPage()?.lang)
await activateLocale(locale)
// a choice saved before the server read it from a cookie reaches the server from now on
if (savedLocale()) saveLocaleCookie(locale)

// a transition: React renders the app in slices that yield to the browser (no long task), while
// the server-rendered page (src/server/modules/seo) stays on screen until the app replaces it
const root = createRoot(document.getElementById('root')!)
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)
