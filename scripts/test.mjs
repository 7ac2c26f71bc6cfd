// `npm test`: builds the client when needed, runs every vitest project (unit, server, e2e)
// and prints one closing line "tests: N passed, N failed, N skipped" counting tests only.
// Refuses `.only`/`.skip`/`.todo` in tests/ before running; fails when a selected project ran
// no test or a test was skipped. Extra arguments go to vitest.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { e2eShardCount, e2eShards } from '../tests/e2e/shards.mjs'
import { findFocusedOrSkipped } from './test-guard.mjs'

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })

const root = path.resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
const report = path.join(root, '.tmp', `vitest-report-${process.pid}.json`)
fs.mkdirSync(path.dirname(report), { recursive: true })

const refused = findFocusedOrSkipped(path.join(root, 'tests'))
if (refused.length > 0) {
  for (const r of refused) console.error(`${path.relative(root, r.file)}:${r.line}: ${r.text}`)
  console.error(
    'Tests may not be focused or skipped (.only, .skip, .todo, skipIf, runIf): remove them.',
  )
  console.log('tests: 0 passed, 0 failed')
  process.exit(1)
}

const build = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], {
  cwd: root,
  stdio: 'inherit',
})
if (build.status !== 0) process.exit(build.status ?? 1)

// The cross-instance notice test needs a PostgreSQL server even in the SQLite run: start a
// throwaway cluster (scripts/pg-temp.sh) unless one is given. The port is picked free, then
// PostgreSQL binds it; if another process took it meanwhile, start again on another port.
let pg
if (!process.env.TEST_DATABASE_URL && !process.env.TEST_PG_URL) {
  let why = ''
  for (let attempt = 0; attempt < 3 && !pg; attempt++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-test-pg-'))
    const started = spawnSync(
      path.join(root, 'scripts/pg-temp.sh'),
      ['start', dir, String(await freePort())],
      { encoding: 'utf8' },
    )
    if (started.status === 0) pg = { dir, url: started.stdout.trim() }
    else {
      why = started.stderr.trim()
      spawnSync(path.join(root, 'scripts/pg-temp.sh'), ['stop', dir], { stdio: 'ignore' })
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }
  if (!pg) console.warn(`No throwaway PostgreSQL (${why}); the tests that need one will fail.`)
}

// The whole suite (no arguments) runs in two steps: the unit and server projects, then the e2e
// groups at the same time, one vitest process each (a browser test leaves about 40 % of the 2
// cores idle: measured with vmstat over e2e-2 alone). Not the e2e groups beside the server
// suite: whole e2e files timed out while both ran. With arguments, one vitest
// run of what they select, as given.
const vitestBin = path.join(root, 'node_modules/.bin/vitest')
const vitestEnv = { ...process.env, ...(pg ? { TEST_PG_URL: pg.url } : {}) }
const reports = []
/** Starts one vitest run writing its own json report; resolves to its exit status. */
const vitest = (selection) => {
  const file = `${report}.${reports.length}`
  reports.push(file)
  const child = spawn(
    vitestBin,
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...selection],
    { cwd: root, stdio: 'inherit', env: vitestEnv },
  )
  return new Promise((resolve) => {
    child.on('error', () => resolve(1))
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)))
  })
}
const projectArgs = (names) => names.flatMap((n) => ['--project', n])
const e2eProjects = Array.from({ length: e2eShardCount }, (_, i) => `e2e-${i + 1}`)
const statuses =
  args.length > 0
    ? [await vitest(args)]
    : [
        await vitest(projectArgs(['server', 'server-pg', 'unit'])),
        ...(await Promise.all(e2eProjects.map((p) => vitest(projectArgs([p]))))),
      ]
const status = statuses.find((s) => s !== 0) ?? 0
if (pg) {
  spawnSync(path.join(root, 'scripts/pg-temp.sh'), ['stop', pg.dir], { stdio: 'ignore' })
  fs.rmSync(pg.dir, { recursive: true, force: true })
}

/** The project a test file belongs to (vitest.config.ts `include`). */
const needPostgres = new Set(
  JSON.parse(fs.readFileSync(path.join(root, 'tests/need-postgres.json'), 'utf8')),
)
const shardOf = new Map(
  e2eShards(root).flatMap((files, i) => files.map((f) => [f, `e2e-${i + 1}`])),
)
const projectOf = (file) => {
  const rel = path.relative(root, file).split(path.sep).join('/')
  if (needPostgres.has(rel)) return 'server-pg'
  if (rel.startsWith('tests/server/')) return 'server'
  if (shardOf.has(rel)) return shardOf.get(rel)
  return 'unit'
}

let passed = 0
let failed = 0
let skipped = 0
const perProject = {
  unit: 0,
  server: 0,
  'server-pg': 0,
  ...Object.fromEntries(Array.from({ length: e2eShardCount }, (_, i) => [`e2e-${i + 1}`, 0])),
}
/** Each project's first file start and last file end (wall clock; projects may overlap). */
const spans = {}
for (const one of reports) {
  if (!fs.existsSync(one)) continue
  const r = JSON.parse(fs.readFileSync(one, 'utf8'))
  fs.rmSync(one, { force: true })
  for (const file of r.testResults ?? []) {
    const tests = file.assertionResults ?? []
    const failedHere = tests.filter((t) => t.status === 'failed').length
    passed += tests.filter((t) => t.status === 'passed').length
    failed += failedHere
    skipped += tests.filter((t) => !['passed', 'failed'].includes(t.status)).length
    // a test that passed on its second attempt: what the first one met (vitest keeps it)
    for (const t of tests.filter((t) => t.status === 'passed' && t.failureMessages?.length)) {
      const first = t.failureMessages[0].split('\n').slice(0, 8).join(' / ')
      console.log(`passed on retry: ${path.relative(root, file.name)} > ${t.title}: ${first}`)
    }
    const project = projectOf(file.name)
    const span = (spans[project] ??= { start: Infinity, end: 0 })
    span.start = Math.min(span.start, file.startTime)
    span.end = Math.max(span.end, file.endTime)
    perProject[project] += tests.filter(
      (t) => t.status === 'passed' || t.status === 'failed',
    ).length
    // a file that failed outside any test (import error, failing hook) counts once
    if (file.status === 'failed' && failedHere === 0) {
      failed++
      console.error(
        `${path.relative(root, file.name)} failed outside its tests: ${(file.message ?? '').split('\n')[0]}`,
      )
    }
  }
}

// Which projects must have run: those named by --project (all by default), unless files or a
// name pattern narrow the run (then only the whole run must not be empty).
const valueOptions = new Set([
  '--project',
  '-t',
  '--testNamePattern',
  '--shard',
  '--sequence.seed',
  '--maxWorkers',
  '--reporter',
  '--outputFile',
])
const named = []
let narrowed = false
for (let i = 0; i < args.length; i++) {
  const a = args[i]
  if (a === '--project') named.push(args[++i])
  else if (a.startsWith('--project=')) named.push(a.slice('--project='.length))
  else if (a === '-t' || a.startsWith('--testNamePattern')) narrowed = true
  else if (valueOptions.has(a)) i++
  else if (!a.startsWith('-')) narrowed = true
}
// a name with `*` (e.g. `e2e*`) stands for every project it matches
const matching = (name) =>
  Object.keys(perProject).filter((p) =>
    new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`).test(p),
  )
const expected = narrowed
  ? []
  : named.length > 0
    ? named.flatMap(matching)
    : Object.keys(perProject)
const empty = expected.filter((p) => !perProject[p])

const clock = (ms) => new Date(ms).toISOString().slice(11, 19)
const minutes = (ms) =>
  `${Math.floor(ms / 60_000)}m${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}s`
for (const [name, { start, end }] of Object.entries(spans)) {
  console.log(
    `project ${name}: ${perProject[name]} tests, ${minutes(end - start)} (${clock(start)}-${clock(end)} UTC)`,
  )
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
if (status !== 0) process.exit(status)
if (passed + failed === 0) {
  console.error('No test ran.')
  process.exit(1)
}
if (empty.length > 0) {
  console.error(`No test ran in project ${empty.join(', ')}.`)
  process.exit(1)
}
if (skipped > 0) {
  console.error(`${skipped} test(s) skipped: a skipped test counts as a failure.`)
  process.exit(1)
}
if (failed > 0) process.exit(1)
