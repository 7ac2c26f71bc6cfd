import fs from 'node:fs'
import { builtinModules } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { spawn, spawnSync } from 'node:child_process'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ES module script without type declarations
import { productionTree } from '../../scripts/prod-tree.mjs'

/*
 * A production install needs no dev dependencies. scripts/prod-tree.mjs makes, in a
 * temp folder, what `npm ci --omit=dev` and a prebuilt dist/ and dist-server/ give: the tracked
 * files, the built output, and only the package-lock entries without "dev": true (hard links,
 * no registry). There, every package the compiled server and commands import exists, and
 * `npm start` (NODE_ENV=production), an upload (sharp), an export and an import (exceljs, the
 * parse worker), `npm run backup` and `npm run reset-password` all work with plain node.
 */

const root = path.resolve(import.meta.dirname, '../..')
let dir: string
const children: { pid?: number }[] = []
const passwords = {
  ADMIN_PASSWORD: 'admin-prod-pass-1',
  EDITOR_PASSWORD: 'editor-prod-pass-1',
  STAFF_PASSWORD: 'staff-prod-pass-1',
}

beforeAll(() => {
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], {
    cwd: root,
    encoding: 'utf8',
  })
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`)
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-prod-'))
  ;(productionTree as (d: string) => unknown)(path.join(dir, 'app'))
}, 600_000)

afterAll(() => {
  for (const c of children) {
    try {
      process.kill(-c.pid!, 'SIGKILL')
    } catch {
      // gone
    }
  }
  fs.rmSync(dir, { recursive: true, force: true })
})

const app = () => path.join(dir, 'app')
const env = (dataDir: string): Record<string, string | undefined> => {
  const e: Record<string, string | undefined> = {
    ...process.env,
    ...passwords,
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
  }
  for (const k of ['DATABASE_URL', 'NODE_OPTIONS', 'VITEST', 'TEST_DATABASE_URL']) delete e[k]
  // npx and vitest put this checkout's node_modules/.bin (tsx, vite...) on PATH: not in production
  e.PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((p) => !p.includes('node_modules'))
    .join(path.delimiter)
  return e
}

/** The packages a compiled file imports by bare name (import, dynamic import, require). */
function bareImports(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8')
  const out = new Set<string>()
  const name = `(@[a-z0-9~-][\\w.-]*/)?[a-z0-9~-][\\w.-]*(/[\\w.-]+)*`
  const statements = new RegExp(
    `^import\\s[^;]*?from\\s*"(${name})";|\\bimport\\(\\s*"(${name})"\\s*\\)|\\brequire\\(\\s*"(${name})"\\s*\\)`,
    'gm',
  )
  for (const m of text.matchAll(statements)) {
    const spec = (m[1] ?? m[4] ?? m[7])!
    if (spec.startsWith('node:') || spec.startsWith('#')) continue
    const parts = spec.split('/')
    out.add(spec.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!)
  }
  return out
}

/**
 * Named in the compiled files but never loaded in production: pg's optional native binding,
 * ajv's `require("ajv/dist/runtime/...")` texts (code it generates only in its standalone mode),
 * and esbuild, which worker-entry.ts loads only when the server runs from TypeScript sources.
 */
const notLoaded = new Set(['pg-native', 'ajv', 'esbuild'])

describe('production install without dev dependencies', () => {
  it('has every package the compiled server and commands import, and no build tools', () => {
    const builtins = new Set(builtinModules)
    const missing: string[] = []
    for (const f of fs
      .readdirSync(path.join(app(), 'dist-server'))
      .filter((n) => n.endsWith('.js'))) {
      for (const pkg of bareImports(path.join(app(), 'dist-server', f))) {
        if (builtins.has(pkg) || notLoaded.has(pkg)) continue
        if (!fs.existsSync(path.join(app(), 'node_modules', pkg, 'package.json')))
          missing.push(`${f}: ${pkg}`)
      }
    }
    expect(missing).toEqual([])
    for (const tool of ['tsx', 'vite', 'esbuild', 'vitest', '@lingui/cli'])
      expect(fs.existsSync(path.join(app(), 'node_modules', tool)), tool).toBe(false)
  })

  it(
    'starts with npm start, uploads, exports and imports, then backs up and resets a password',
    { timeout: 180_000 },
    async () => {
      const dataDir = path.join(dir, 'data')
      const npm = spawn('npm', ['start'], { cwd: app(), env: env(dataDir), detached: true })
      children.push(npm)
      let out = ''
      npm.stdout.on('data', (d: Buffer) => (out += d.toString()))
      npm.stderr.on('data', (d: Buffer) => (out += d.toString()))
      let url: string | undefined
      for (let i = 0; i < 1200 && !url; i++) {
        if (npm.exitCode !== null) break
        url = /listening on (http:\/\/\S+)/.exec(out)?.[1]
        await new Promise((r) => setTimeout(r, 100))
      }
      expect(url, out).toBeTruthy()
      const login = async (username: string, password: string) => {
        const r = await fetch(`${url}/api/User/Login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password }),
        })
        return ((await r.json()) as { data: { Token: string } }).data.Token
      }
      const editor = await login('editor', passwords.EDITOR_PASSWORD)
      const png = await sharp({
        create: { width: 400, height: 300, channels: 3, background: '#468' },
      })
        .png()
        .toBuffer()
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png')
      const up = await fetch(`${url}/api/Upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${editor}` },
      })
      expect(((await up.json()) as { code: number }).code).toBe(200)

      const staff = await login('staff', passwords.STAFF_PASSWORD)
      const exported = await fetch(`${url}/api/Order/Export`, {
        method: 'POST',
        headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
        body: '{}',
      })
      expect(exported.status).toBe(200)
      const sheet = new FormData()
      sheet.append('file', new Blob([new Uint8Array(await exported.arrayBuffer())]), 'orders.xlsx')
      const imported = await fetch(`${url}/api/Order/Upload?mode=preview`, {
        method: 'POST',
        body: sheet,
        headers: { authorization: `Bearer ${staff}` },
      })
      expect(imported.status, await imported.clone().text()).toBe(200)

      const archive = path.join(dir, 'backup.tar.gz')
      const backup = spawnSync('npm', ['run', '--silent', 'backup', '--', archive], {
        cwd: app(),
        env: env(dataDir),
        encoding: 'utf8',
      })
      expect(backup.status, backup.stderr).toBe(0)
      expect(fs.statSync(archive).size).toBeGreaterThan(1000)

      process.kill(-npm.pid!, 'SIGTERM')
      await new Promise((r) => npm.once('exit', r))
      const reset = spawnSync(
        'npm',
        ['run', '--silent', 'reset-password', '--', 'staff', '--password', 'new-staff-pass-22'],
        { cwd: app(), env: env(dataDir), encoding: 'utf8' },
      )
      expect(reset.status, reset.stderr).toBe(0)
      expect(reset.stdout).toContain('The password of staff was changed')
    },
  )
})
