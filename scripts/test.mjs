// `npm test`: builds the client when needed, runs every vitest project (unit, server, e2e)
// and prints one closing line "tests: N passed, N failed". Extra arguments go to vitest.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })

const root = path.resolve(import.meta.dirname, '..')
const report = path.join(root, '.tmp', 'vitest-report.json')
fs.mkdirSync(path.dirname(report), { recursive: true })
fs.rmSync(report, { force: true })

const build = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], { cwd: root, stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)

// The cross-instance notice test needs a PostgreSQL server even in the SQLite run: start a
// throwaway cluster (scripts/pg-temp.sh) unless one is given.
let pg
if (!process.env.TEST_DATABASE_URL && !process.env.TEST_PG_URL) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-test-pg-'))
  const port = await freePort()
  const started = spawnSync(path.join(root, 'scripts/pg-temp.sh'), ['start', dir, String(port)], { encoding: 'utf8' })
  if (started.status === 0) {
    pg = { dir, url: started.stdout.trim() }
  } else {
    fs.rmSync(dir, { recursive: true, force: true })
    console.warn(`No throwaway PostgreSQL (${started.stderr.trim()}); the cross-instance test will fail.`)
  }
}

const run = spawnSync(
  path.join(root, 'node_modules/.bin/vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, ...(pg ? { TEST_PG_URL: pg.url } : {}) } },
)
if (pg) {
  spawnSync(path.join(root, 'scripts/pg-temp.sh'), ['stop', pg.dir], { stdio: 'ignore' })
  fs.rmSync(pg.dir, { recursive: true, force: true })
}

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
