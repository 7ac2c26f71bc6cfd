import fs from 'node:fs'
import path from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { precompress } from './scripts/vite-precompress.ts'
import { pwaManifest } from './scripts/pwa-manifest.ts'
import { mockMode } from './scripts/vite-mock-mode.ts'
import { routerConfig } from './scripts/router-config.mjs'
import { precacheSplit, staffWorkerFile } from './scripts/vite-precache-split.ts'
import { basePathRecord, buildBasePath, buildOutDir } from './scripts/vite-base-path.ts'
import { catalogDedupe } from './scripts/vite-catalog-dedupe.ts'
import { preloadDeps } from './scripts/vite-preload-deps.ts'

const root = import.meta.dirname
// BASE_PATH (SPEC §9 public path, README "Configuration"): `/` or a sub-path such as `/Nst/`
const base = buildBasePath()
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * `zod/mini` (the public site's contract, src/shared/contract/content.ts) gets its own copy of
 * zod's core modules in the client build. With one shared copy, the first page load would carry
 * every part of the core that the staff pages' full `zod` uses (about 16 KB gzip) instead of the
 * parts the public schemas use (about 7 KB): a module cannot be split between chunks. The copies
 * agree on `instanceof` (zod checks traits by name); each has its own global config.
 */
function zodMiniCopy(): Plugin {
  const tag = '?zod-mini'
  return {
    name: 'forgeline-zod-mini-copy',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const inCopy = importer?.endsWith(tag) ?? false
      if (source !== 'zod/mini' && !inCopy) return null
      const r = await this.resolve(source, inCopy ? importer!.slice(0, -tag.length) : importer, {
        ...options,
        skipSelf: true,
      })
      if (!r || r.external || !/[\\/]node_modules[\\/]zod[\\/]/.test(r.id)) return r
      return { id: `${r.id}${tag}`, moduleSideEffects: false }
    },
    load(id) {
      return id.endsWith(tag) ? fs.readFileSync(id.slice(0, -tag.length), 'utf8') : null
    },
  }
}
// the worker precaches the public site only; staff chunks are cached once someone signs in
const split = precacheSplit()
// The start-up chunk holds the modulepreload list of every page: each visitor's first load pays
// for them. Lists stay for the pages opened first (the site's pages and layout, sign-in, the staff
// layout and dashboard); the other staff and sign-in pages fetch their imports as the browser
// reads them. A signed-in user's worker keeps those files (src/client/app/sw-staff.ts), so the
// second level onwards comes from the cache.
const preload = preloadDeps({
  listed: (route) => /^(_site(\/.*)?|_staff|login|_staff\/admin\/\[index\])$/.test(route),
})

process.env.VITE_BUILD_ID ??= `${process.env.npm_package_version ?? '0'}-${Date.now().toString(36)}`

export default defineConfig({
  base,
  plugins: [
    tanstackRouter(routerConfig),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    catalogDedupe(path.join(root, 'locales')),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: pwaManifest(base),
      includeAssets: [
        'favicon.svg',
        'logo.svg',
        'images/default-category.webp',
        'icons/apple-touch-icon.png',
      ],
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,webp,png,woff2}'],
        // start.js starts the app on server-rendered pages, kept offline too (sw-pages.ts, issue 32)
        globIgnores: ['screenshots/**', staffWorkerFile],
        // public chunks only (scripts/vite-precache-split.ts); the staff add-on keeps staff chunks
        manifestTransforms: [split.publicOnly],
        importScripts: [staffWorkerFile],
        navigateFallback: `${base}index.html`,
        // never answer server paths with the app shell
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/ws/,
          /^\/uploads\//,
          new RegExp(`^${escapeRe(base)}sitemap\\.xml`),
          new RegExp(`^${escapeRe(base)}robots\\.txt`),
          /^\/healthz/,
          /^\/wechat-standin\//,
        ],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // public reads: network first with a short timeout, cache fallback
            urlPattern: ({ url, request }) =>
              request.method === 'GET' &&
              /^\/api\/(CommonData|Content|News|Equipment)\//i.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'forgeline-public-api',
              networkTimeoutSeconds: 3,
              // the answers hold both languages (Title/TitleEn) and do not depend on the request's
              // language; the server's `Vary: lang` must not make a page read in Chinese miss offline
              // in English (issue 20)
              matchOptions: { ignoreVary: true },
              expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: ({ url, request }) =>
              request.destination === 'image' && url.pathname.startsWith('/uploads/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'forgeline-images',
              expiration: {
                maxEntries: 200,
                maxAgeSeconds: 30 * 24 * 3600,
                purgeOnQuotaError: true,
              },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
    zodMiniCopy(),
    precompress(),
    split.plugin,
    preload.plugin,
    // the server checks that its BASE_PATH is the one the client was built for
    basePathRecord(base),
    // `npm run dev:mock`: msw worker script, no API proxy
    mockMode(),
  ],
  resolve: {
    alias: [
      // antd-mobile's imperative renderer, made React 19-ready (see antd-dom-render.ts)
      {
        find: /^rc-util\/lib\/React\/render$/,
        replacement: path.join(root, 'src/client/app/antd-dom-render.ts'),
      },
      { find: /^#client\/(.*)$/, replacement: path.join(root, 'src/client/$1') },
      { find: /^#shared\/(.*)$/, replacement: path.join(root, 'src/shared/$1') },
    ],
  },
  server: {
    port: 10000,
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/uploads': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
  build: {
    // CLIENT_DIR: where the server reads the client from (a second build, e.g. for BASE_PATH)
    outDir: buildOutDir(),
    target: 'es2022',
    cssCodeSplit: true,
    chunkSizeWarningLimit: 400,
    manifest: true,
    // every supported browser knows <link rel=modulepreload>; no polyfill on the first load
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
    rolldownOptions: {
      output: {
        // The first load in few, cacheable files: the libraries every page starts with, then the
        // app's start-up code (router tree, http, i18n). Everything else (pages, antd-mobile,
        // full zod, staff code) stays in chunks loaded when a route needs them.
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules/, tags: ['$initial'], priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
            // what the site layout shares with the sign-in and staff pages (the language switch,
            // react-query's useQuery): its own chunk, or those pages would load the site's
            // layout, home page and style sheet with it
            {
              name: 'shared-ui',
              test: /node_modules[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]useQuery\.js|src[\\/]client[\\/](components[\\/]language-switch|lib[\\/]locale-store)/,
              priority: 2,
              // its imports (the i18n and start-up modules) stay in the start-up chunk
              includeDependenciesRecursively: false,
            },
            // the public layout and the home page: one request instead of eight
            {
              name: 'site',
              test: /src[\\/]client[\\/](routes[\\/]_site(\.tsx|[\\/]\[index\]\.tsx)\?tsr-split|features[\\/]site[\\/]components[\\/](site-(layout|header|footer|nav-items)|site\.css|home-page|slide-carousel|language-switch|product-card|news-card|paragraphs|category-image|internal-link)|lib[\\/]locale-store)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
})
