import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { describeCycles } from '../../scripts/check-cycles.mjs'

const run = promisify(execFile)
const repo = path.resolve(import.meta.dirname, '../..')
const script = path.join(repo, 'scripts/check-cycles.mjs')
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-cycles-'))
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }))

/** A small project under the temp dir: `files` relative to it, with a tsconfig that has an alias. */
function project(name: string, files: Record<string, string>): string {
  const root = path.join(temp, name)
  const tsconfig = {
    compilerOptions: {
      moduleResolution: 'Bundler',
      allowImportingTsExtensions: true,
      paths: { '#lib/*': ['./src/lib/*'] },
    },
  }
  for (const [file, text] of Object.entries({
    'tsconfig.json': JSON.stringify(tsconfig),
    ...files,
  })) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), text)
  }
  return root
}

describe('import circles (npm run lint: scripts/check-cycles.mjs)', () => {
  it('src/ has none', () => {
    expect(describeCycles(repo)).toEqual([])
  })

  it('finds a circle through an alias, a type-only import and a lazy import, and the lint step fails on it', async () => {
    const root = project('circle', {
      'src/lib/store.ts': "import { local } from './local.ts'\nexport const pick = () => local\n",
      // a backend that imports its factory's type back: the circle the uploads store had
      'src/lib/local.ts':
        "import type { Store } from '#lib/types-via-store'\nexport const local = 1 as unknown as Store\n",
      'src/lib/types-via-store.ts':
        "export type Store = { kind: string }\nexport const load = () => import('./store.ts')\n",
      'src/app.ts': "import { pick } from '#lib/store'\nexport const app = pick()\n",
    })
    expect(describeCycles(root)).toEqual([
      'src/lib/store.ts -> src/lib/local.ts -> src/lib/types-via-store.ts -> src/lib/store.ts',
    ])
    const failed = await run('node', [script, root]).catch(
      (error: { code: number; stderr: string }) => error,
    )
    expect(failed).toMatchObject({ code: 1 })
    expect((failed as { stderr: string }).stderr).toContain('src/lib/store.ts -> src/lib/local.ts')
  })

  it('passes a project whose types live in their own module', async () => {
    const root = project('no-circle', {
      'src/lib/store.ts': "import { local } from './local.ts'\nexport const pick = () => local\n",
      'src/lib/local.ts':
        "import type { Store } from '#lib/store-type'\nexport const local = 1 as unknown as Store\n",
      'src/lib/store-type.ts': 'export type Store = { kind: string }\n',
    })
    expect(describeCycles(root)).toEqual([])
    const { stdout } = await run('node', [script, root])
    expect(stdout).toContain('no import circle')
  })
})
