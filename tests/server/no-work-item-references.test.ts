import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

/**
 * The tree speaks of what the product does, not of how it was made: no issue, session or
 * work-log tag numbers in code, tests, scripts, docs, README or CI. A reference a reader can
 * follow names a section, a date or a version (CHANGELOG.md) instead.
 */
const workItemPattern = /issues? ?#?[0-9]+|session [0-9]+|\(h[0-9]\)/i
const self = 'tests/server/no-work-item-references.test.ts'

/** Lines of `text` that name an issue, a session or a work-log tag. */
const workItemLines = (text: string) =>
  text.split('\n').filter((line) => workItemPattern.test(line))

describe('references to how the project was made', () => {
  it('finds none in src, tests, scripts, docs, README and .ci', () => {
    let found = ''
    try {
      found = execFileSync(
        'git',
        [
          'grep',
          '-I',
          '-niE',
          workItemPattern.source,
          '--',
          'src',
          'tests',
          'scripts',
          'docs',
          'README.md',
          '.ci',
          `:!${self}`,
        ],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
      )
    } catch {
      // git grep exits 1 when nothing matches
    }
    expect(found.split('\n').filter(Boolean)).toEqual([])
  })

  it('recognises every form of such a reference and nothing else', () => {
    const lines = [
      '// the grid saves (issue 32)',
      '// see Issue #7 for why',
      "describe('x (session 18)')",
      '| target: (h1) |',
      'issues 30 and 33',
      'const first = parsed.error.issues[0]',
      'the session expired',
      "heading('h1')",
    ]
    expect(workItemLines(lines.join('\n'))).toEqual(lines.slice(0, 5))
  })
})
