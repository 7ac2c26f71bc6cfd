import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * docs/spec-coverage.md is a promise: every file it cites exists, every test name it
 * quotes after a test file is a test of that file, every "works" row names a test, and every
 * deviation or partial row points at docs/deviations.md.
 */
const doc = readFileSync('docs/spec-coverage.md', 'utf8')
const prefixes: Record<string, string> = {
  'c/': 'src/client/',
  's/': 'src/server/',
  'sh/': 'src/shared/',
  'e2e/': 'tests/e2e/',
  'tc/': 'tests/client/',
  'ts/': 'tests/server/',
}

/** Every file under a folder (no node_modules), for bare file names. */
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return f === 'node_modules' ? [] : statSync(p).isDirectory() ? walk(p) : [p]
  })
const allFiles = [
  ...walk('src'),
  ...walk('tests'),
  ...walk('scripts'),
  ...walk('docs'),
  ...readdirSync('.').filter((f) => statSync(f).isFile()),
]
const byName = new Map<string, string[]>()
for (const f of allFiles) byName.set(basename(f), [...(byName.get(basename(f)) ?? []), f])

/** `a/{b,c}.ts` -> `a/b.ts`, `a/c.ts` (one level, as the document writes them). */
const expand = (s: string): string[] => {
  const m = /^(.*)\{([^}]*)\}(.*)$/.exec(s)
  return m ? m[2]!.split(',').flatMap((x) => expand(`${m[1]}${x}${m[3]}`)) : [s]
}

/** The repository path of a cited path, or undefined when it is not a path (an API name, a word). */
function pathOf(cited: string): string | undefined {
  const prefix = Object.keys(prefixes).find((p) => cited.startsWith(p))
  if (prefix) return prefixes[prefix] + cited.slice(prefix.length)
  if (/^(src|tests|scripts|docs)\//.test(cited)) return cited
  return undefined
}

/** True when a cited path (maybe with a `*` part) names files that exist. */
function exists(path: string): boolean {
  if (!path.includes('*')) return existsSync(path.replace(/\/$/, ''))
  const dir = dirname(path)
  const pattern = new RegExp(
    `^${basename(path)
      .replace(/[.[\]()]/g, '\\$&')
      .replace(/\*/g, '.*')}$`,
  )
  return existsSync(dir) && readdirSync(dir).some((f) => pattern.test(f))
}

/**
 * The names of a test file's tests and groups: the first argument of every `it`, `test` and
 * `describe` call (also `.each`, `.skipIf(...)`, `.concurrent` forms) written as a string
 * literal or a template without placeholders. A phrase of a comment or of an assertion is not
 * a name.
 */
export function testNamesOf(path: string): Set<string> {
  const text = readFileSync(path, 'utf8')
  const names = new Set<string>()
  const call =
    /\b(?:it|test|describe)(?:\.(?:each|concurrent|sequential|skipIf|runIf|for)(?:\([^)]*\)|`[^`]*`)?)*\(\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.)*)`)/g
  for (const m of text.matchAll(call)) {
    const raw = m[1] ?? m[2] ?? m[3] ?? ''
    names.add(raw.replace(/\\(.)/g, '$1'))
  }
  return names
}

/** The quoted test names of a "Where" cell, each with the test file cited before it. */
export function quotesOf(where: string): { file: string; names: string[] }[] {
  const out: { file: string; names: string[] }[] = []
  const token = /`([^`]+)`|"([^"]+)"/g
  let current: { file: string; names: string[] } | undefined
  for (const m of where.matchAll(token)) {
    if (m[1] !== undefined) {
      const file = m[1].trim()
      current = /\.test\.tsx?$/.test(file) ? { file, names: [] } : undefined
      if (current) out.push(current)
    } else if (current) current.names.push(m[2]!)
  }
  return out
}

type Row = { line: number; text: string; status: string; where: string }
/** The table rows of a coverage document: line, text, status cell and the "Where" cells. */
const rowsOf = (text: string): Row[] =>
  text
    .split('\n')
    .map((text, i) => ({ text, line: i + 1, cells: text.split('|').map((c) => c.trim()) }))
    .filter(
      (r) =>
        r.text.startsWith('|') &&
        r.cells.length >= 5 &&
        !/^-+$/.test(r.cells[2]!) &&
        r.cells[2] !== 'Status',
    )
    .map((r) => ({
      line: r.line,
      text: r.text,
      status: r.cells[2]!,
      where: r.cells.slice(3, -1).join('|'),
    }))
const rows = rowsOf(doc)

/** Each quoted name that is not a test or group name of the test file cited before it. */
function wrongQuotes(list: Row[]): string[] {
  const wrong: string[] = []
  for (const r of list) {
    for (const { file, names } of quotesOf(r.where)) {
      const path = pathOf(file)
      const real = path && existsSync(path) ? testNamesOf(path) : new Set<string>()
      for (const name of names) if (!real.has(name)) wrong.push(`${r.line}: ${file} "${name}"`)
    }
  }
  return wrong
}

/**
 * The works rows that quote no test of a cited test file (whether the quotes are real is
 * `wrongQuotes`' part) and name no bench script that prints their figure.
 */
const untestedRows = (list: Row[]) =>
  list.filter(
    (r) =>
      r.status.startsWith('works') &&
      !quotesOf(r.where).some((q) => q.names.length > 0) &&
      !/`[^`]*bench[^`]*`/.test(r.where),
  )

describe('docs/spec-coverage.md', () => {
  it('has its rows, each works, deviation or partial', () => {
    expect(rows.length).toBeGreaterThan(100)
    expect(
      rows
        .filter((r) => !/^(works|deviation|partial)/.test(r.status))
        .map((r) => `${r.line}: ${r.status}`),
    ).toEqual([])
  })

  it('cites only files that exist (prefixed paths, and bare file names somewhere in the repository)', () => {
    const missing: string[] = []
    for (const r of rows) {
      for (const [, cited] of r.where.matchAll(/`([^`]+)`/g)) {
        for (const one of expand(cited!.trim())) {
          const path = pathOf(one)
          if (path) {
            if (!exists(path)) missing.push(`${r.line}: ${one}`)
          } else if (/^[\w.-]+\.(tsx?|mts|css|json)$/.test(one) && !byName.has(one))
            missing.push(`${r.line}: ${one}`)
        }
      }
    }
    expect(missing).toEqual([])
  })

  it('quotes only test names that its cited test file has (every name, each a whole test or group name)', () => {
    expect(wrongQuotes(rows)).toEqual([])
  })

  it('names a test for every works row and docs/deviations.md for every deviation or partial row', () => {
    const untested = untestedRows(rows)
    expect(untested.map((r) => `${r.line}: ${r.text.slice(0, 80)}`)).toEqual([])
    const unexplained = rows.filter(
      (r) => /deviation|partial/.test(r.status) && !/docs\/deviations\.md/.test(r.where),
    )
    expect(unexplained.map((r) => `${r.line}: ${r.text.slice(0, 80)}`)).toEqual([])
    expect(readFileSync('docs/deviations.md', 'utf8')).toContain('## Deviations from SPEC')
  })
})

describe('the checks of docs/spec-coverage.md themselves', () => {
  it('read test names from it, test and describe calls only, not from comments or assertions', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'spec-coverage-')), 'x.test.ts')
    writeFileSync(
      file,
      [
        '// a comment says: the menu opens its groups',
        "describe('menu tree', () => {",
        "  it('opens the default groups', () => expect('shows the logo').toBe('shows the logo'))",
        '  it.each([1, 2])(`counts %s`, () => {})',
        '  test("keeps \\"quotes\\"", () => {})',
        '})',
      ].join('\n'),
    )
    expect([...testNamesOf(file)].sort()).toEqual([
      'counts %s',
      'keeps "quotes"',
      'menu tree',
      'opens the default groups',
    ])
  })

  it('refuse a made-up name, a phrase of a comment and a works row that quotes no test', () => {
    const table = (where: string, status = 'works') =>
      rowsOf(`| Row | Status | Where |\n| --- | --- | --- |\n| a SPEC row | ${status} | ${where} |`)
    const file = '`tests/shared/spec-coverage.test.ts`'
    expect(wrongQuotes(table(`${file} "has its rows, each works, deviation or partial"`))).toEqual(
      [],
    )
    expect(
      wrongQuotes(
        table(`${file} "has its rows, each works, deviation or partial", "a name nobody wrote"`),
      ),
    ).toEqual(['3: tests/shared/spec-coverage.test.ts "a name nobody wrote"'])
    expect(wrongQuotes(table(`${file} "cites only files that exist"`))).toHaveLength(1)
    expect(wrongQuotes(table(`${file} "a comment says: the menu opens its groups"`))).toHaveLength(
      1,
    )
    expect(untestedRows(table(`\`c/routes/index.tsx\`; ${file}`))).toHaveLength(1)
    expect(untestedRows(table(`${file} "has its rows, each works, deviation or partial"`))).toEqual(
      [],
    )
    expect(untestedRows(table('not built. docs/deviations.md', 'deviation'))).toEqual([])
  })

  it('take every quoted name after each cited test file, not only the first', () => {
    expect(
      quotesOf(
        '`c/a.tsx`; `ts/a.test.ts` "one", "two", `e2e/b.test.ts` "three"; `c/b.ts` "not a test"',
      ),
    ).toEqual([
      { file: 'ts/a.test.ts', names: ['one', 'two'] },
      { file: 'e2e/b.test.ts', names: ['three'] },
    ])
  })
})
