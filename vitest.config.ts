import os from 'node:os'
import { defineConfig } from 'vitest/config'
import { e2eShards } from './tests/e2e/shards.mjs'
import needPostgres from './tests/need-postgres.json' with { type: 'json' }

const alias = [
  { find: /^#client\/(.*)$/, replacement: `${import.meta.dirname}/src/client/$1` },
  { find: /^#shared\/(.*)$/, replacement: `${import.meta.dirname}/src/shared/$1` },
  { find: /^#server\/(.*)$/, replacement: `${import.meta.dirname}/src/server/$1` },
]

// Server test files that need a PostgreSQL server whatever the run's database (cross-instance
// notices and limits, the cluster, migrations on PostgreSQL; listed in tests/need-postgres.json):
// `npm test` starts a throwaway one for them, `npm run test:pg` runs them too, `npm run test:unit`
// leaves them out.
// Unit and server files: two at a time even on 2 cores (vitest's default there is one; much of a
// server test waits on its server, sockets or child processes). Same count for every project of
// the group (vitest refuses different counts within one `sequence.groupOrder`).
const unitWorkers = Math.max(2, os.availableParallelism() - 1)

const serverTest = {
  allowOnly: false,
  maxWorkers: unitWorkers,
  environment: 'node' as const,
  pool: 'forks' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // every answer of a documented operation is checked against the published contract
  setupFiles: ['tests/server/setup.ts'],
}

// `.only` is refused always (not only when CI is set); scripts/test.mjs also refuses
// `.skip`/`.todo` before running and counts a skipped test as a failure.
export default defineConfig({
  test: {
    allowOnly: false,
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          name: 'unit',
          allowOnly: false,
          maxWorkers: unitWorkers,
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}', 'tests/shared/**/*.test.ts'],
          setupFiles: ['tests/client/setup.ts'],
          // an upper bound, not a speed check: a cold import (jsencrypt) under a machine load of 20
          // took over 5 s
          testTimeout: 30_000,
          env: { VITE_API_BASE: 'http://localhost:3000/api' },
          environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
        },
      },
      {
        resolve: { alias },
        test: {
          ...serverTest,
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: needPostgres,
        },
      },
      {
        resolve: { alias },
        test: { ...serverTest, name: 'server-pg', include: needPostgres },
      },
      ...e2eShards(import.meta.dirname).map((include, i) => ({
        resolve: { alias },
        test: {
          // e2e-1, e2e-2: the groups of tests/e2e/shards.mjs, each with its own server;
          // `--project 'e2e*'` selects them all, run one after the other in one process.
          // `npm test` runs them at the same time, one vitest process each (scripts/test.mjs)
          name: `e2e-${i + 1}`,
          allowOnly: false,
          environment: 'node' as const,
          include,
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/setup.ts'],
          // within a group one file after the other (they share the group's server and its data)
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // the browser runs beside another browser group on 2 cores: a condition may take longer
          // than the 5 s default to come true, without anything being wrong
          expect: { poll: { timeout: 15_000 } },
          // a real browser on a loaded machine: one test in a thousand can miss a timing window
          // (CI run of session 12: notices-alerts once, never in 3 runs alone). A second attempt of
          // that one test, reported by vitest as retried; a feature that is broken fails both.
          retry: 1,
          // after the unit and server projects, not beside them (a merged run with the heavier
          // server suite of session 13 timed out whole e2e files while both ran at once)
          sequence: { groupOrder: 1 },
        },
      })),
    ],
  },
})
