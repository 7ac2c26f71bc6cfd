import { defineConfig } from 'vitest/config'

const alias = [
  { find: /^#client\/(.*)$/, replacement: `${import.meta.dirname}/src/client/$1` },
  { find: /^#shared\/(.*)$/, replacement: `${import.meta.dirname}/src/shared/$1` },
  { find: /^#server\/(.*)$/, replacement: `${import.meta.dirname}/src/server/$1` },
]

export default defineConfig({
  test: {
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}', 'tests/shared/**/*.test.ts'],
          setupFiles: ['tests/client/setup.ts'],
          env: { VITE_API_BASE: 'http://localhost:3000/api' },
          environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
