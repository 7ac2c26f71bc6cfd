// `npm run test:pg`: the server suite against the PostgreSQL server of TEST_DATABASE_URL
// (each test file gets its own throwaway database). `.ci/run` starts one for it. It runs
// scripts/test.mjs, so it ends with the same "tests: N passed, N failed, N skipped" line.
import { spawnSync } from 'node:child_process'
import path from 'node:path'

if (!process.env.TEST_DATABASE_URL) {
  console.error(
    'Set TEST_DATABASE_URL=postgres://user@host:port/postgres (a role that may CREATE DATABASE).',
  )
  process.exit(2)
}
const root = path.resolve(import.meta.dirname, '..')
const r = spawnSync(
  process.execPath,
  [path.join(root, 'scripts/test.mjs'), '--project', 'server'],
  {
    cwd: root,
    stdio: 'inherit',
  },
)
process.exit(r.status ?? 1)
