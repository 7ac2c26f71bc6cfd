import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { precompress } from './scripts/vite-precompress.ts'
import { pwaManifest } from './scripts/pwa-manifest.ts'

const root = import.meta.dirname
process.env.VITE_BUILD_ID ??= `${process.env.npm_package_version ?? '0'}-${Date.now().toString(36)}`

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: pwaManifest,
      includeAssets: ['favicon.svg', 'logo.svg', 'images/default-category.webp', 'icons/apple-touch-icon.png'],
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,webp,png,woff2}'],
        globIgnores: ['screenshots/**'],
        navigateFallback: '/index.html',
        // never answer server paths with the app shell
        navigateFallbackDenylist: [/^\/api\//, /^\/ws/, /^\/uploads\//, /^\/sitemap\.xml/, /^\/robots\.txt/, /^\/healthz/, /^\/wechat-standin\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // public reads: network first with a short timeout, cache fallback
            urlPattern: ({ url, request }) =>
              request.method === 'GET' && /^\/api\/(CommonData|Content|News|Equipment)\//i.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'forgeline-public-api',
              networkTimeoutSeconds: 3,
              expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: ({ url, request }) => request.destination === 'image' && url.pathname.startsWith('/uploads/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'forgeline-images',
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
    precompress(),
  ],
  resolve: {
    alias: [
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
    outDir: 'dist',
    target: 'es2022',
    cssCodeSplit: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Fewer, cacheable first-load requests: the framework every page needs in one chunk;
        // pages and antd-mobile parts stay split.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|jotai|@lingui|ky|zod|use-sync-external-store)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
})
