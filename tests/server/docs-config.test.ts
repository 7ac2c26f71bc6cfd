import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { configShape } from '#server/config'

const repo = path.resolve(import.meta.dirname, '../..')
const doc = fs.readFileSync(path.join(repo, 'docs/configuration.md'), 'utf8')
const source = fs.readFileSync(path.join(repo, 'src/server/config.ts'), 'utf8')

/** The reference's table rows: the variables named in the first cell, the default cell. */
const rows = doc
  .split('\n')
  .filter((line) => /^\| `[A-Z]/.test(line))
  .map((line) => {
    const [names = '', defaults = ''] = line.split(' | ')
    return { names: [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!), defaults }
  })
const documented = rows.flatMap((r) => r.names)

/** Every setting config.ts reads: its schema's keys and the variables it reads from `env` directly. */
const settings = new Set([
  ...Object.keys(configShape),
  ...[...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!),
])

describe('docs/configuration.md against src/server/config.ts', () => {
  it('documents every setting config.ts reads', () => {
    expect([...settings].filter((name) => !documented.includes(name))).toEqual([])
  })

  it('documents no setting config.ts does not read, and each once', () => {
    expect(documented.filter((name) => !settings.has(name))).toEqual([])
    expect(documented.filter((name, i) => documented.indexOf(name) !== i)).toEqual([])
  })

  it('gives the default config.ts applies for every schema setting with a default', () => {
    const wrong: string[] = []
    for (const { names, defaults } of rows) {
      if (names.length !== 1) continue
      const name = names[0]!
      const field = configShape[name as keyof typeof configShape]
      if (!field) continue
      const applied = field.safeParse(undefined)
      const value = applied.success ? applied.data : undefined
      if (value === undefined) continue
      const written = /^`([^`]*)`/.exec(defaults.trim())?.[1]
      if (written !== String(value))
        wrong.push(`${name}: documented ${defaults.trim()}, applied ${String(value)}`)
    }
    expect(wrong).toEqual([])
  })
})
