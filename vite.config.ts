import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { precompress } from './scripts/vite-precompress.ts'

const root = import.meta.dirname

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
