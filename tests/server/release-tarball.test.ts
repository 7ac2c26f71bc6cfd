import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ES module script without type declarations
import { makeRelease } from '../../scripts/release.mjs'
// @ts-expect-error: a plain ES module script without type declarations
import { releaseMismatch, runtime } from '../../scripts/release-check.mjs'
import { createPgDatabase, postgresForTests } from './helpers/test-app.ts'

/*
 * `npm run release` makes one tarball that starts with only `node`: unpacked into an empty folder
 * and run with PATH holding nothing but a link to the node binary (no npm, no compiler, no
 * npm cache: HOME is a folder that does not exist), it serves on SQLite and on PostgreSQL, and its
 * backup command works. The tarball is made once for this file (the build is reused when current).
 */

const root = path.resolve(import.meta.dirname, '../..')
const version = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }
).version
let work = ''
let app = ''
let bin = ''
let release: { tarball: string; sha256: string }
const children: ChildProcess[] = []
const cleanups: (() => Promise<void>)[] = []

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-release-test-'))
  // a tarball made earlier in the same run (FORGELINE_RELEASE_TARBALL, e.g. by CI's release step)
  // is reused; else one is made here (the build itself is reused when current)
  const given = process.env.FORGELINE_RELEASE_TARBALL
  release = given
    ? { tarball: given, sha256: fs.readFileSync(`${given}.sha256`, 'utf8').split(' ')[0]! }
    : ((await makeRelease(path.join(work, 'out'), () => {})) as typeof release)
  app = path.join(work, 'app')
  fs.mkdirSync(app)
  execFileSync('tar', ['-xzf', release.tarball, '-C', app])
  bin = path.join(work, 'bin')
  fs.mkdirSync(bin)
  fs.symlinkSync(process.execPath, path.join(bin, 'node'))
}, 900_000)

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
  for (const c of cleanups) await c()
  // thousands of package files: on a busy disk this takes a while
  await fs.promises.rm(work, { recursive: true, force: true })
}, 300_000)

/** Only node on PATH, no HOME to write an npm cache into, nothing of this checkout's environment. */
const bare = (extra: Record<string, string>) => ({
  PATH: bin,
  HOME: path.join(work, 'no-home'),
  NODE_ENV: 'production',
  PUBLIC_URL: 'http://127.0.0.1',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'warn',
  ADMIN_PASSWORD: 'release-test-admin-1',
  ...extra,
})

async function startRelease(env: Record<string, string>) {
  const child = spawn('node', ['scripts/start.mjs'], { cwd: app, env: bare(env) })
  children.push(child)
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  let url: string | undefined
  for (let i = 0; i < 600 && !url && child.exitCode === null; i++) {
    url = /listening on (http:\/\/\S+)/.exec(out)?.[1]
    await new Promise((r) => setTimeout(r, 100))
  }
  expect(url, out).toBeTruthy()
  const health = (await (await fetch(`${url}/healthz`)).json()) as {
    data: { status: string; database: string; version: string }
  }
  return { child, url: url!, out, health }
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })

describe('the release tarball', () => {
  it('is named for its version, has a checksum file sha256sum accepts, and no build leftovers', () => {
    expect(path.basename(release.tarball)).toBe(`forgeline-${version}-linux-x64.tar.gz`)
    // unpacked as root into a folder, the folder stays readable by the service user
    const top = execFileSync('tar', ['-tvzf', release.tarball], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    }).split('\n')[0]
    expect(top).toMatch(/^drwxr-xr-x .* \.\/$/)
    const check = execFileSync('sha256sum', ['-c', `${path.basename(release.tarball)}.sha256`], {
      cwd: path.dirname(release.tarball),
      encoding: 'utf8',
    })
    expect(check).toContain(': OK')
    expect(
      fs.existsSync(
        path.join(app, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'),
      ),
    ).toBe(true)
    for (const gone of ['node_modules/better-sqlite3/deps', 'node_modules/vite', 'tests'])
      expect(fs.existsSync(path.join(app, gone)), gone).toBe(false)
    const meta = JSON.parse(fs.readFileSync(path.join(app, 'release.json'), 'utf8')) as {
      version: string
      nodeMajor: number
    }
    expect(meta.version).toBe(version)
    expect(releaseMismatch(meta, runtime())).toBeNull()
    expect(releaseMismatch({ ...meta, nodeMajor: meta.nodeMajor + 2 }, runtime())).toMatch(
      /built for Node \d+/,
    )
  })

  it(
    'starts on SQLite with only node on PATH, and its backup command runs with node',
    { timeout: 180_000 },
    async () => {
      const dataDir = path.join(work, 'data')
      const s = await startRelease({ DATA_DIR: dataDir })
      expect(s.health.data).toMatchObject({ status: 'ok', database: 'sqlite', version })
      const envFile = path.join(work, 'forgeline.env')
      fs.writeFileSync(envFile, `DATA_DIR=${dataDir}\n`)
      const archive = path.join(work, 'backup.tar.gz')
      const backup = execFileSync(
        'node',
        ['scripts/server-cli.mjs', 'backup', '--env-file', envFile, archive],
        { cwd: app, env: bare({}), encoding: 'utf8' },
      )
      expect(backup).toContain(`Backup written to ${archive}`)
      await stop(s.child)
      // nothing wrote an npm cache or log anywhere
      expect(fs.existsSync(path.join(work, 'no-home'))).toBe(false)
      expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('.'))).toEqual([])
    },
  )

  it('starts on PostgreSQL with only node on PATH', { timeout: 180_000 }, async () => {
    const made = await createPgDatabase(postgresForTests())
    cleanups.push(made.drop)
    const s = await startRelease({ DATA_DIR: path.join(work, 'data-pg'), DATABASE_URL: made.url })
    expect(s.health.data).toMatchObject({ status: 'ok', database: 'postgres', version })
    await stop(s.child)
  })
})
