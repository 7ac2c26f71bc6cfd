// Prints the mutation score per folder and lists the surviving mutants from Stryker's json
// report (`npm run test:mutation`, stryker.config.mjs). Several reports (part runs) can be
// given: for a source file found in more than one, the last report given that holds it counts.
// Usage: node scripts/mutation-summary.mjs [report.json ...]
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const reportFiles =
  process.argv.length > 2
    ? process.argv.slice(2)
    : [path.join(root, 'reports/mutation/mutation.json')]
const files = {}
for (const file of reportFiles) {
  if (!fs.existsSync(file)) {
    console.error(
      `No mutation report at ${path.relative(root, file)}: run \`npm run test:mutation\` first.`,
    )
    process.exit(1)
  }
  Object.assign(files, JSON.parse(fs.readFileSync(file, 'utf8')).files)
}
const report = { files }

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
