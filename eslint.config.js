import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import pluginQuery from '@tanstack/eslint-plugin-query'
import globals from 'globals'

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'node_modules',
      'data',
      'coverage',
      '.tmp',
      'src/client/routeTree.gen.ts',
      'locales/**/*.ts',
      'scripts/demo-images',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '#server/*'],
              message: 'The client never imports the server.',
            },
          ],
        },
      ],
    },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['src/server/**/*.ts', 'tests/**/*.ts', 'scripts/**/*'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['#server/*', '#client/*', '**/server/**', '**/client/**'],
              message: 'shared imports neither client nor server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['#client/*', '**/client/**'],
              message: 'The server never imports the client.',
            },
          ],
        },
      ],
    },
  },
  {
    // one form system for staff screens (issue 36): fields go through components/form's FormBuilder;
    // antd-mobile's Form may only be used inside src/client/components/form.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/components/form/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '#server/*'],
              message: 'The client never imports the server.',
            },
            {
              group: ['antd-mobile/es/components/form', 'antd-mobile/es/components/form/*'],
              message: 'Staff forms use FormBuilder, not antd-mobile Form.',
            },
          ],
          paths: [
            {
              name: 'antd-mobile',
              importNames: ['Form'],
              message:
                'Staff forms use FormBuilder (#client/components/form/form-builder), not antd-mobile Form.',
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
  // plain scripts the browser runs as they are (no build step)
  {
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
    rules: { 'no-empty': ['error', { allowEmptyCatch: true }] },
  },
)
