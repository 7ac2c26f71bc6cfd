import { defineConfig } from '@lingui/cli'

/**
 * Four catalogs per language: `site` holds what the public website and the app frame show
 * (loaded at start), `messages` everything else (staff area, sign-in, status pages), loaded
 * when the router enters such a page (src/client/routes/__root.tsx). A visitor's first load
 * carries only the small one. `sheet` holds the order sheet's and the scanner's texts, loaded
 * when one of them opens (features/orders/sheet/sheet-catalog.ts), so the staff shell does not
 * carry them. `supplier` holds the supplier form's texts (/supplier-apply), loaded when that page
 * opens. A text used on several sides appears in each file.
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

/** the order sheet and the scanner */
const sheet = 'src/client/features/orders/sheet'

/** the supplier form (/supplier-apply), loaded when it opens: not on every visitor's first load */
const supplier = [
  'src/client/features/site/components/supplier-apply-page.tsx',
  'src/client/features/site/components/supplier-apply-form.tsx',
]

export default defineConfig({
  sourceLocale: 'en',
  locales: ['zh', 'en'],
  fallbackLocales: { default: 'zh' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/site',
      include: site,
      exclude: ['**/node_modules/**', ...supplier],
    },
    {
      path: '<rootDir>/locales/{locale}/supplier',
      include: supplier,
      exclude: ['**/node_modules/**'],
    },
    {
      path: '<rootDir>/locales/{locale}/sheet',
      include: [sheet],
      exclude: ['**/node_modules/**'],
    },
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src/client'],
      exclude: [
        '**/node_modules/**',
        'src/client/routeTree.gen.ts',
        `${sheet}/**`,
        ...supplier,
        ...site.map((p) => (/\.tsx?$/.test(p) ? p : `${p}/**`)),
      ],
    },
  ],
  format: 'po',
})
