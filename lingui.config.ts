import { defineConfig } from '@lingui/cli'

/**
 * Two catalogs per language: `site` holds what the public website and the app frame show
 * (loaded at start), `messages` everything else (staff area, sign-in, status pages), loaded
 * when the router enters such a page (src/client/routes/__root.tsx). A visitor's first load
 * carries only the small one. A text used on both sides appears in both files.
 */
const site = [
  'src/client/app',
  'src/client/lib',
  'src/client/components/feedback',
  'src/client/components/language-switch.tsx',
  // the one form file the public contact form uses; the staff form builder stays in `messages`
  'src/client/components/form/field-error-text.ts',
  // the region field of the public supplier form (/supplier-apply)
  'src/client/components/form/area-field.tsx',
  'src/client/features/site',
  'src/client/routes/__root.tsx',
  'src/client/routes/index.tsx',
  'src/client/routes/_site.tsx',
  'src/client/routes/_site',
]

export default defineConfig({
  sourceLocale: 'en',
  locales: ['zh', 'en'],
  fallbackLocales: { default: 'zh' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/site',
      include: site,
      exclude: ['**/node_modules/**'],
    },
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src/client'],
      exclude: ['**/node_modules/**', 'src/client/routeTree.gen.ts', ...site.map((p) => (/\.tsx?$/.test(p) ? p : `${p}/**`))],
    },
  ],
  format: 'po',
})
