// `npm run test:mutation`: StrykerJS over the code where a silent bug costs most, part by part
// (stryker.config.mjs `parts`, each against its own test files), then the score per folder and
// the survivors (mutation-summary.mjs). The parts' tests run on SQLite (the PostgreSQL-only
// code is tested by `npm run test:pg`, not mutated).
// `npm run test:mutation -- auth client` runs those parts only; arguments starting with `--`
// go to Stryker, e.g. `npm run test:mutation -- shared --mutate 'src/shared/acl.ts'`.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { parts } from '../stryker.config.mjs'

const root = path.resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
const firstOption = args.findIndex((a) => a.startsWith('--'))
const names = firstOption === -1 ? args : args.slice(0, firstOption)
const strykerArgs = firstOption === -1 ? [] : args.slice(firstOption)
const unknown = names.filter((n) => !parts.some((p) => p.name === n))
if (unknown.length > 0) {
  console.error(
    `No part named ${unknown.join(', ')}; the parts are ${parts.map((p) => p.name).join(', ')}.`,
  )
  process.exit(2)
}
const chosen = names.length > 0 ? parts.filter((p) => names.includes(p.name)) : parts

const reports = []
let failed
for (const part of chosen) {
  const started = Date.now()
  console.log(`\n== part ${part.name}: ${part.mutate.join(' ')}`)
  const run = spawnSync(path.join(root, 'node_modules/.bin/stryker'), ['run', ...strykerArgs], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, STRYKER_PART: part.name },
  })
  const minutes = ((Date.now() - started) / 60_000).toFixed(1)
  console.log(`== part ${part.name}: ${minutes} min, exit ${run.status ?? run.signal}`)
  if (run.status !== 0) {
    failed = part.name
    break
  }
  reports.push(path.join(root, `reports/mutation/${part.name}.json`))
}
if (failed) {
  console.error(`Part ${failed} did not finish; no summary.`)
  process.exit(1)
}
const summary = spawnSync(
  process.execPath,
  [path.join(root, 'scripts/mutation-summary.mjs'), ...reports],
  { cwd: root, stdio: 'inherit' },
)
process.exit(summary.status ?? 1)
