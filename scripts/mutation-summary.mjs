// Prints the mutation score per folder and lists the surviving mutants from Stryker's json
// reports (`npm run test:mutation`, stryker.config.mjs): one per part. A mutant found in more
// than one report (a file mutated on SQLite and, for its PostgreSQL lines, again on PostgreSQL)
// counts once, with its best result: killed by either run is killed.
// Usage: node scripts/mutation-summary.mjs [report.json ...] (default: every part's report and
// its retry)
import fs from 'node:fs'
import path from 'node:path'
import { parts } from '../stryker.config.mjs'

const root = path.resolve(import.meta.dirname, '..')
const reportFiles =
  process.argv.length > 2
    ? process.argv.slice(2)
    : parts
        .flatMap((p) => [`${p.name}.json`, `${p.name}.retry.json`])
        .map((name) => path.join(root, 'reports/mutation', name))
        .filter((f) => fs.existsSync(f))
if (reportFiles.length === 0) {
  console.error('No mutation report in reports/mutation: run `npm run test:mutation` first.')
  process.exit(1)
}
// best first
const rank = [
  'Killed',
  'Timeout',
  'Survived',
  'NoCoverage',
  'RuntimeError',
  'CompileError',
  'Ignored',
]
const better = (a, b) => (rank.indexOf(a) === -1 ? 99 : rank.indexOf(a)) < rank.indexOf(b)
const files = {}
for (const file of reportFiles) {
  if (!fs.existsSync(file)) {
    console.error(
      `No mutation report at ${path.relative(root, file)}: run \`npm run test:mutation\` first.`,
    )
    process.exit(1)
  }
  for (const [name, f] of Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')).files)) {
    const rel = path.relative(root, path.resolve(root, name))
    const merged = (files[rel] ??= { source: f.source, mutants: new Map() })
    for (const m of f.mutants) {
      const { start, end } = m.location
      const key = `${start.line}:${start.column}-${end.line}:${end.column}:${m.mutatorName}:${m.replacement}`
      const had = merged.mutants.get(key)
      if (!had || better(m.status, had.status)) merged.mutants.set(key, m)
    }
  }
}
const report = {
  files: Object.fromEntries(
    Object.entries(files).map(([name, f]) => [
      name,
      { source: f.source, mutants: [...f.mutants.values()] },
    ]),
  ),
}

const killedStates = new Set(['Killed', 'Timeout'])
// as Stryker counts it: detected / (detected + undetected); ignored, compile errors not counted
const countedStates = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage'])
const folders = new Map()
const survivors = []
for (const [name, f] of Object.entries(report.files)) {
  const rel = path.relative(root, path.resolve(root, name))
  const folder = path.dirname(rel)
  const s = folders.get(folder) ?? { killed: 0, counted: 0, ignored: 0 }
  for (const m of f.mutants) {
    if (m.status === 'Ignored') s.ignored++
    if (!countedStates.has(m.status)) continue
    s.counted++
    if (killedStates.has(m.status)) s.killed++
    else {
      const line = f.source.split('\n')[m.location.start.line - 1] ?? ''
      const original = line.slice(
        m.location.start.column - 1,
        m.location.start.line === m.location.end.line ? m.location.end.column - 1 : undefined,
      )
      survivors.push(
        `${rel}:${m.location.start.line}:${m.location.start.column} ${m.status} ${m.mutatorName}: ${original.trim().slice(0, 80)} -> ${(m.replacement ?? '').trim().slice(0, 80)}`,
      )
    }
  }
  folders.set(folder, s)
}

const pct = (s) => (s.counted === 0 ? 'n/a' : `${((100 * s.killed) / s.counted).toFixed(1)} %`)
const total = { killed: 0, counted: 0, ignored: 0 }
console.log('Mutation score per folder (killed / counted mutants; static mutants ignored):')
for (const [folder, s] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
  total.killed += s.killed
  total.counted += s.counted
  total.ignored += s.ignored
  console.log(
    `  ${folder.padEnd(44)} ${pct(s).padStart(8)}  ${s.killed}/${s.counted}${s.ignored ? ` (${s.ignored} ignored)` : ''}`,
  )
}
console.log(
  `  ${'all'.padEnd(44)} ${pct(total).padStart(8)}  ${total.killed}/${total.counted}${total.ignored ? ` (${total.ignored} ignored)` : ''}`,
)
console.log(`\nSurvivors (${survivors.length}):`)
for (const s of survivors) console.log(`  ${s}`)
