// Mutation testing (`npm run test:mutation`, README "Mutation testing"): StrykerJS makes small
// bugs in the code where a silent bug costs most and runs the unit and server tests against
// each; a mutant no test notices "survives". Not part of `npm test` (far too slow for every run).
// scripts/mutation-summary.mjs prints the score per folder and the survivors from the json report.
// To run part of it: `npx stryker run --mutate 'src/shared/**/*.ts'`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  mutate: [
    // contract, ACL, grid permissions, audit rules
    'src/shared/**/*.ts',
    // auth (sign-in, sessions, limiters), permissions
    'src/server/modules/auth/**/*.ts',
    'src/server/plugins/authenticate.ts',
    'src/server/permissions.ts',
    'src/server/modules/orders/grid-access.ts',
    // saves
    'src/server/modules/orders/save-operation.ts',
    'src/server/modules/orders/audit-operation.ts',
    'src/server/modules/post-common/**/*.ts',
    'src/server/modules/content-admin/save-*.ts',
    // Excel import
    'src/server/modules/grid-excel/{import-plan,import-route,importers,read-sheet,cell-value,xlsx-bytes,xlsx-source,xls-source,zip-entries}.ts',
    // the client's offline write path
    'src/client/lib/{outbox-merge,query-persister,send-or-queue,refresh}.ts',
    'src/client/components/feedback/outbox.tsx',
  ],
  coverageAnalysis: 'perTest',
  // a mutant in code run at import (a zod schema built at module level) would need the whole
  // suite per mutant: hours here. Those are reported as ignored, not counted in the score.
  ignoreStatic: true,
  // a 2-core machine shared with other work
  concurrency: 1,
  // a server test file starts an app (migrations, seed) before its first test
  timeoutMS: 60_000,
  // the first run is the whole unit + server suite (related to nearly every mutated file)
  dryRunTimeoutMinutes: 30,
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { reportScoreTable: true, allowColor: false, logTests: false },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: [
    'dist',
    'dist-server',
    'data',
    'coverage',
    '.tmp',
    'test-results',
    'bench-results',
    'reports',
  ],
}
