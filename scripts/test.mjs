// `npm test`: builds the client when needed, runs every vitest project (unit, server, e2e)
// and prints one closing line "tests: N passed, N failed". Extra arguments go to vitest.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const report = path.join(root, '.tmp', 'vitest-report.json')
fs.mkdirSync(path.dirname(report), { recursive: true })
fs.rmSync(report, { force: true })

const build = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], { cwd: root, stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)

const run = spawnSync(
  path.join(root, 'node_modules/.bin/vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
)

let passed = 0
let failed = 0
let skipped = 0
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'))
  passed = r.numPassedTests
  failed = r.numFailedTests + (r.numFailedTestSuites ?? 0)
  skipped = r.numPendingTests + r.numTodoTests
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
if (run.status !== 0) process.exit(run.status ?? 1)
if (passed === 0) {
  console.error('No test ran.')
  process.exit(1)
}
