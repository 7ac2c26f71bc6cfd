// `npm run test:mutation`: StrykerJS over the code where a silent bug costs most, part by part
// (stryker.config.mjs `parts`, each against its own test files), then the score per folder and
// the survivors (mutation-summary.mjs). The parts' tests run on SQLite; a part marked
// `postgres` runs its tests on a throwaway PostgreSQL cluster (scripts/pg-temp.sh) unless
// TEST_DATABASE_URL is given.
// `npm run test:mutation -- auth client` runs those parts only; arguments starting with `--`
// go to Stryker, e.g. `npm run test:mutation -- shared --mutate 'src/shared/acl.ts'`.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { parts } from '../stryker.config.mjs'

const root = path.resolve(import.meta.dirname, '..')
const args = process.argv.slice(2).filter((a) => a !== '--retry')
// `--retry`: only the second look at the parts' last reports (after an interrupted run)
const retryOnly = process.argv.includes('--retry')
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

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })

let pg
let pgUrl = process.env.TEST_DATABASE_URL
if (!pgUrl && chosen.some((p) => p.postgres)) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-mutation-pg-'))
  const started = spawnSync(
    path.join(root, 'scripts/pg-temp.sh'),
    ['start', dir, String(await freePort())],
    { encoding: 'utf8' },
  )
  if (started.status !== 0) {
    console.error(`No throwaway PostgreSQL for the PostgreSQL part: ${started.stderr.trim()}`)
    fs.rmSync(dir, { recursive: true, force: true })
    process.exit(1)
  }
  pg = { dir }
  pgUrl = started.stdout.trim()
}

/** SQLite for a part unless it is marked `postgres` */
const envOf = (part) => {
  const env = { ...process.env, STRYKER_PART: part.name }
  delete env.TEST_DATABASE_URL
  delete env.TEST_PG_URL
  return part.postgres ? { ...env, TEST_DATABASE_URL: pgUrl, TEST_PG_URL: pgUrl } : env
}

/** `file:line:column-line:column` of each mutant a report says survived with no test completed */
const unsettled = (reportFile) => {
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'))
  return Object.entries(report.files).flatMap(([name, f]) =>
    f.mutants
      .filter((m) => m.status === 'Survived' && m.testsCompleted === 0 && m.coveredBy?.length)
      .map(({ location: { start, end } }) => {
        const file = path.relative(root, path.resolve(root, name))
        return `${file}:${start.line}:${start.column - 1}-${end.line}:${end.column}`
      }),
  )
}

const stryker = (part, env, args) => {
  const started = Date.now()
  const run = spawnSync(path.join(root, 'node_modules/.bin/stryker'), ['run', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...envOf(part), ...env },
  })
  const minutes = ((Date.now() - started) / 60_000).toFixed(1)
  console.log(
    `== part ${part.name}${env.STRYKER_RETRY ? ' (retry)' : ''}: ${minutes} min, exit ${run.status ?? run.signal}`,
  )
  return run.status === 0
}

const reports = []
let failed
for (const part of chosen) {
  const report = path.join(root, `reports/mutation/${part.name}.json`)
  if (!retryOnly) {
    console.log(`\n== part ${part.name}: ${part.mutate.join(' ')}`)
    if (!stryker(part, {}, strykerArgs)) {
      failed = part.name
      break
    }
  }
  if (!fs.existsSync(report)) continue
  reports.push(report)
  const again = unsettled(report)
  const retryReport = path.join(root, `reports/mutation/${part.name}.retry.json`)
  fs.rmSync(retryReport, { force: true })
  if (again.length === 0) continue
  console.log(
    `\n== part ${part.name}: ${again.length} survived with no test completed, again without bail`,
  )
  if (!stryker(part, { STRYKER_RETRY: JSON.stringify(again) }, [])) {
    failed = `${part.name} (retry)`
    break
  }
  reports.push(retryReport)
}
if (pg) {
  spawnSync(path.join(root, 'scripts/pg-temp.sh'), ['stop', pg.dir], { stdio: 'ignore' })
  fs.rmSync(pg.dir, { recursive: true, force: true })
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
