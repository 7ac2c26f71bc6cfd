import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/*
 * A release built with `npm run build` and copied to a server without build tools (`npm ci
 * --omit=dev`, docs/operations.md) must start: `npm start` finds dist/ and dist-server/ current
 * by the stamps `npm run build` writes last (`ensure-build.mjs --stamp`). Without them it asked
 * for a build the server cannot make (found by following the guide).
 */
const root = path.resolve(import.meta.dirname, '../..')
let tree = ''

const ensure = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(tree, 'scripts/ensure-build.mjs'), ...args], {
    cwd: tree,
    encoding: 'utf8',
  })

beforeAll(() => {
  // the sources and scripts of a release, a stand-in for what the build made, no node_modules
  tree = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-stamp-'))
  for (const p of [
    'src',
    'locales',
    'public',
    'scripts',
    'index.html',
    'vite.config.ts',
    'package.json',
    'package-lock.json',
  ]) {
    fs.cpSync(path.join(root, p), path.join(tree, p), { recursive: true })
  }
  fs.mkdirSync(path.join(tree, 'dist'))
  fs.writeFileSync(path.join(tree, 'dist/index.html'), '<!doctype html>')
  fs.mkdirSync(path.join(tree, 'dist-server'))
  fs.writeFileSync(path.join(tree, 'dist-server/main.js'), '')
})
afterAll(() => fs.rmSync(tree, { recursive: true, force: true }))

describe('build stamps of npm run build', () => {
  it('npm run build ends by writing the stamps', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    expect(pkg.scripts.build).toMatch(/node scripts\/ensure-build\.mjs --stamp$/)
  })

  it('without build tools, a build with no stamps is refused with a message; with the stamps it is current', () => {
    const before = ensure()
    expect(before.status).toBe(1)
    expect(before.stderr).toContain(
      'does not match these sources, and the build tools (dev dependencies) are not installed',
    )
    expect(ensure('--stamp').status).toBe(0)
    const after = ensure()
    expect(after.stderr).toBe('')
    expect(after.status).toBe(0)
  })

  it('a source changed after the build makes it stale again', () => {
    fs.appendFileSync(path.join(tree, 'src/server/main.ts'), '\n// edited on the server\n')
    const stale = ensure()
    expect(stale.status).toBe(1)
    expect(stale.stderr).toContain('The compiled server in dist-server/ does not match')
  })
})
