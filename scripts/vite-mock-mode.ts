import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'

/**
 * `vite --mode mock` (`npm run dev:mock`): the client runs against msw in the browser
 * (src/client/mocks) with no API server. The dev server then serves msw's worker script at
 * `/mockServiceWorker.js` straight from the installed msw (always the matching version; nothing
 * in `public/`, so it never reaches a production build or its precache) and drops the proxy to
 * the API server, so no request can reach a server that happens to run.
 */
export function mockMode(): Plugin {
  let workerFile = ''
  return {
    name: 'forgeline-mock-mode',
    apply: (_config, env) => env.command === 'serve' && env.mode === 'mock',
    config(config) {
      if (config.server) delete config.server.proxy
      workerFile = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js')
      // its own pre-bundled dependencies: a mock server re-optimizing never pulls the files from
      // under a `npm run dev` server of the same checkout (and the other way round)
      return { cacheDir: 'node_modules/.vite-mock' }
    },
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8')
        res.setHeader('Cache-Control', 'no-cache')
        res.end(fs.readFileSync(workerFile))
      })
    },
  }
}
