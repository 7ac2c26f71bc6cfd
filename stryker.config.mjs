// Mutation testing (`npm run test:mutation`, docs/development.md "Mutation testing"): StrykerJS
// makes small bugs in the code where a silent bug costs most and runs the unit and server tests
// against each; a mutant no test notices "survives". Not part of `npm test` (far too slow).
//
// The scope is run in parts, each against the test files written for it (`testFiles`): a bug in
// session code reached by every server test file (each signs in) would otherwise run most of
// the server suite per mutant, hours here. So the score is a lower bound: a mutant only another
// part's tests notice counts as survived. scripts/test-mutation.mjs runs the parts one after the
// other (STRYKER_PART names one); scripts/mutation-summary.mjs prints the score per folder and
// the survivors from their reports.
export const parts = [
  {
    // contract, ACL, grid permissions, audit rules
    name: 'shared',
    mutate: ['src/shared/**/*.ts'],
    testFiles: ['tests/shared/**/*.test.ts'],
  },
  {
    // auth (sign-in, sessions, limiters, SMS codes), permissions
    name: 'auth',
    mutate: [
      'src/server/modules/auth/**/*.ts',
      'src/server/plugins/authenticate.ts',
      'src/server/permissions.ts',
      'src/server/modules/orders/grid-access.ts',
    ],
    testFiles: [
      'tests/server/{auth,session-edges,sign-in-cache,wechat-abuse,limiters,register-edges}.test.ts',
      'tests/server/{rsa-decrypt,passwords,login,login-edges,hostile-input-login}.test.ts',
      'tests/server/{modify-password-lock,phone-auth,phone-edges,unique-mobile}.test.ts',
      'tests/server/{sms-codes,sms-senders,grid-access,grid-permissions}.test.ts',
      'tests/server/{openapi-operations,wechat-bind}.test.ts',
    ],
  },
  {
    // the auth lines only PostgreSQL runs (json_agg parsed by pg, `in ()` refused, the shared
    // limiter store and key pair), against the same tests on a throwaway PostgreSQL database
    name: 'auth-pg',
    postgres: true,
    mutate: [
      'src/server/modules/auth/sign-in-state.ts:27-56',
      'src/server/modules/auth/session-repository.ts:192-200',
      'src/server/modules/auth/limiter-store.ts:105-162',
      'src/server/modules/auth/rsa-keys.ts:43-79',
    ],
    testFiles: [
      'tests/server/{auth,session-edges,wechat-abuse,limiters,cluster-limiter}.test.ts',
      'tests/server/rsa-keys-pg.test.ts',
    ],
  },
  {
    name: 'saves',
    mutate: [
      'src/server/modules/orders/save-operation.ts',
      'src/server/modules/orders/audit-operation.ts',
      'src/server/modules/post-common/**/*.ts',
      'src/server/modules/content-admin/save-*.ts',
    ],
    testFiles: [
      'tests/server/{orders,record-history,purchase-order-audit,order-records,grid-saves}.test.ts',
      'tests/server/{grid-permissions,post-common,post-common-saves,post-common-idempotency}.test.ts',
      'tests/server/{content-admin,content-editor,openapi-operations}.test.ts',
      // the required fields and the file limit a save checks (save-operation.ts `finish`)
      'tests/server/{grid-required,grid-files}.test.ts',
    ],
  },
  {
    name: 'import',
    mutate: [
      'src/server/modules/grid-excel/{import-plan,import-route,importers,read-sheet,cell-value}.ts',
      'src/server/modules/grid-excel/{xlsx-bytes,xlsx-source,xls-source,zip-entries}.ts',
    ],
    testFiles: [
      'tests/server/grid-excel*.test.ts',
      'tests/server/grid-import-*.test.ts',
      'tests/server/{read-sheet-turns,hostile-input-xlsx,openapi-operations}.test.ts',
      // imports of required fields, file cells, areas, hidden buttons, and their record history
      'tests/server/{grid-required,grid-files,order-customer-area,grid-permissions}.test.ts',
      'tests/server/record-history.test.ts',
    ],
  },
  {
    // health, readiness and metrics: what operators and load balancers read
    name: 'metrics',
    mutate: ['src/server/metrics/**/*.ts', 'src/server/modules/health/**/*.ts'],
    testFiles: [
      'tests/server/metrics*.test.ts',
      'tests/server/{healthz-during-write,storage-full,fault-contract,cluster-drain}.test.ts',
      // the routes' tags and summaries in the API document
      'tests/server/openapi-operations.test.ts',
    ],
  },
  {
    // Web Push: subscriptions, their cap, the allowed push hosts, sending and dropping
    name: 'push',
    mutate: ['src/server/modules/push/**/*.ts', 'src/server/push-config.ts'],
    testFiles: [
      'tests/server/{web-push,push-parts,push-session,push-session-migration}.test.ts',
      // the routes' tags and summaries in the API document
      'tests/server/openapi-operations.test.ts',
    ],
  },
  {
    // notices: who receives them, the lists and the badge, reading, retention
    name: 'notices',
    mutate: ['src/server/modules/notices/**/*.ts'],
    testFiles: [
      'tests/server/{notices,notices-parts,notice-counts,notice-counts-migration,notice-saves,notices-screens}.test.ts',
      'tests/server/{pruning,realtime,openapi-operations}.test.ts',
    ],
  },
  {
    // the small screens' server parts: messages left, supplier forms, column choices, translation,
    // production figures, the menu table
    name: 'small-modules',
    mutate: [
      'src/server/modules/{leaving,supplier-forms,column-prefs,translate,production,menu}/**/*.ts',
    ],
    testFiles: [
      'tests/server/{leave-message,supplier-forms,column-prefs,translate,production,menu}.test.ts',
      'tests/server/{small-modules-parts,system-menu,openapi-operations}.test.ts',
      // the staff side of visitor messages, the screens' permissions, retried sends
      'tests/server/{visitor-messages,content-permissions,idempotent-writes}.test.ts',
    ],
  },
  {
    // the client's offline write path
    name: 'client',
    mutate: [
      'src/client/lib/{outbox-merge,query-persister,send-or-queue,refresh}.ts',
      'src/client/components/feedback/outbox.tsx',
    ],
    // the whole unit project: the persister's and outbox's code is reached from many screens'
    // tests (limited to their own six files, 40 of 265 survived, 15 reached by none)
    testFiles: ['tests/client/**/*.test.{ts,tsx}'],
  },
]

const part = process.env.STRYKER_PART && parts.find((p) => p.name === process.env.STRYKER_PART)
// a second look at mutants a run reported survived with no test completed (scripts/test-mutation.mjs):
// their exact ranges, without bail (below)
const retry = process.env.STRYKER_RETRY ? JSON.parse(process.env.STRYKER_RETRY) : undefined
const report = `reports/mutation/${part ? part.name : 'mutation'}${retry ? '.retry' : ''}.json`
if (process.env.STRYKER_PART && !part)
  throw new Error(
    `STRYKER_PART=${process.env.STRYKER_PART}: no such part (${parts.map((p) => p.name).join(', ')})`,
  )

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  // one part, or (`npx stryker run` without STRYKER_PART) the whole scope against every test
  mutate: retry ?? (part ? part.mutate : parts.flatMap((p) => p.mutate)),
  ...(part ? { testFiles: part.testFiles } : {}),
  coverageAnalysis: 'perTest',
  // a mutant in code run at import (a zod schema built at module level) would need the whole
  // suite per mutant: hours here. Those are reported as ignored, not counted in the score.
  // Code run in a test file's beforeAll (a server file builds its app there) is counted for the
  // tests of that file (tests/mutation/hook-coverage.ts), not as static.
  ignoreStatic: true,
  // the machine's two cores; a worker is a vitest with one thread
  concurrency: 2,
  // a server test file starts an app (migrations, seed) before its first test
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 30,
  reporters: ['json', 'clear-text', 'progress-append-only'],
  jsonReporter: { fileName: report },
  // `--incremental` re-tests only the mutants whose code or covering tests changed since that
  // report (after new tests: `npm run test:mutation -- auth --incremental`)
  incrementalFile: report,
  // With bail (vitest stops at the first failing test) a failure sometimes never reaches
  // Stryker: the mutant is reported survived with no test completed. A killed mutant is found
  // faster with bail, so the first run keeps it and the retry run of those mutants goes without.
  disableBail: retry !== undefined,
  clearTextReporter: { reportScoreTable: true, allowColor: false, logTests: false },
  tempDirName: `.stryker-tmp/${part ? part.name : 'all'}`,
  cleanTempDir: 'always',
  ignorePatterns: [
    // every part's sandboxes (one left by an interrupted run would be copied into the next)
    '.stryker-tmp',
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
