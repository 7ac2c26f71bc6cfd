import { defineConfig } from '@lingui/cli'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['zh', 'en'],
  fallbackLocales: { default: 'zh' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src/client'],
      exclude: ['**/node_modules/**', 'src/client/routeTree.gen.ts'],
    },
  ],
  format: 'po',
})
