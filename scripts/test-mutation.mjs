// `npm run test:mutation`: StrykerJS over the code where a silent bug costs most
// (stryker.config.mjs), then the score per folder and the survivors (mutation-summary.mjs).
// Its first run is the unit + server suite, whose cross-instance test needs PostgreSQL: as
// `npm test`, a throwaway cluster (scripts/pg-temp.sh) unless TEST_PG_URL/TEST_DATABASE_URL is
// given. Extra arguments go to Stryker, e.g. `npm run test:mutation -- --mutate 'src/shared/**/*.ts'`.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })

let pg
if (!process.env.TEST_DATABASE_URL && !process.env.TEST_PG_URL) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-mutation-pg-'))
  const started = spawnSync(
    path.join(root, 'scripts/pg-temp.sh'),
    ['start', dir, String(await freePort())],
    { encoding: 'utf8' },
  )
  if (started.status === 0) pg = { dir, url: started.stdout.trim() }
  else {
    console.warn(
      `No throwaway PostgreSQL (${started.stderr.trim()}); the first test run will fail on the test that needs one.`,
    )
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const started = Date.now()
const run = spawnSync(
  path.join(root, 'node_modules/.bin/stryker'),
  ['run', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...(pg ? { TEST_PG_URL: pg.url } : {}) },
  },
)
if (pg) {
  spawnSync(path.join(root, 'scripts/pg-temp.sh'), ['stop', pg.dir], { stdio: 'ignore' })
  fs.rmSync(pg.dir, { recursive: true, force: true })
}
console.log(`mutation run: ${Math.round((Date.now() - started) / 60_000)} min`)
if (run.status !== 0) process.exit(run.status || 1)
const summary = spawnSync(process.execPath, [path.join(root, 'scripts/mutation-summary.mjs')], {
  cwd: root,
  stdio: 'inherit',
})
process.exit(summary.status ?? 1)
