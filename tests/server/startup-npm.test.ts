import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, describe, expect, it } from 'vitest'

/*
 * `npm start` as an operator runs it: the start-up summary once the server listens,
 * JSON request logs when stdout is not a terminal, and SIGTERM to the npm process stopping the
 * server itself (before, npm's shell died and left the server running on its port).
 */

const root = path.resolve(import.meta.dirname, '../..')
const children: ChildProcess[] = []
const dirs: string[] = []
afterAll(() => {
  // each npm start leads its own process group: end the group, server included
  children.forEach((c) => {
    try {
      process.kill(-c.pid!, 'SIGKILL')
    } catch {
      // already gone
    }
  })
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }))
})

async function until<T>(
  what: string,
  check: () => T | Promise<T>,
  ms = 120_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Whether something accepts connections on 127.0.0.1:port. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1')
    s.once('connect', () => (s.destroy(), resolve(true)))
    s.once('error', () => resolve(false))
  })

/** `npm start` on a temp DATA_DIR and a free port, in its own process group; resolves once it listens. */
async function npmStart() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-npm-start-'))
  dirs.push(dataDir)
  const env: Record<string, string | undefined> = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
  }
  for (const k of [
    'LOG_FORMAT',
    'ADMIN_PASSWORD',
    'EDITOR_PASSWORD',
    'STAFF_PASSWORD',
    'DATABASE_URL',
  ])
    delete env[k]
  let out = ''
  const npm = spawn('npm', ['start'], { cwd: root, env, detached: true })
  children.push(npm)
  npm.stdout.on('data', (d: Buffer) => (out += d.toString()))
  npm.stderr.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<number | null>((r) => npm.once('exit', (code) => r(code)))
  const url = await until('the listening line', () => {
    if (npm.exitCode !== null) throw new Error(`npm start exited:\n${out}`)
    return /listening on (http:\/\/\S+)/.exec(out)?.[1]
  })
  return { npm, url, dataDir, exited, out: () => out }
}

describe('npm start', () => {
  it(
    'prints the summary after listening, logs JSON to a pipe, and stops on SIGTERM to npm',
    { timeout: 240_000 },
    async () => {
      const { npm, url, dataDir, exited, out: output } = await npmStart()
      let out = output()
      // the summary follows the listening line: sign-in page, door, accounts, data, reset command
      await until('the summary', () => (out = output()).includes('reset-password'))
      const summary = out.slice(out.indexOf('listening on'))
      // nothing but npm's banner (and build progress, when a build runs) before the
      // summary: no raw JSON log line, no bundle budget table (that is `npm run build`'s)
      const before = out.slice(0, out.indexOf('Forgeline is listening'))
      expect(before.split('\n').filter((l) => l.trimStart().startsWith('{'))).toEqual([])
      expect(before).not.toContain('JS+CSS gzip')
      expect(out).not.toContain('Server listening at')
      expect(summary).toContain(`Staff sign-in:  ${url}/login`)
      expect(summary).toContain(`${url}/admin opens the dashboard`)
      expect(summary).toContain(`SQLite ${path.join(dataDir, 'forgeline.db')}`)
      expect(summary).toContain('npm run reset-password -- admin')
      const adminPassword = /^\s+admin\s+(\S+)\s+\(set ADMIN_PASSWORD/m.exec(summary)?.[1]
      expect(adminPassword).toBeTruthy()

      // the printed password signs in; /admin is a page of the app (the shell), not a 404
      const login = await fetch(`${url}/api/User/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: adminPassword }),
      })
      expect(((await login.json()) as { code: number }).code).toBe(200)
      const admin = await fetch(`${url}/admin`)
      expect(admin.status).toBe(200)
      expect(await admin.text()).toContain('<div id="root">')

      // stdout is a pipe: the request log is JSON, one object per line
      const logged = await until('a JSON request line', () =>
        output()
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as { msg?: string; req?: { url?: string } })
          .find((l) => l.msg === 'incoming request' && l.req?.url === '/admin'),
      )
      expect(logged.req?.url).toBe('/admin')

      const port = Number(new URL(url).port)
      expect(await accepts(port)).toBe(true)
      npm.kill('SIGTERM')
      await until('the port to close', async () => !(await accepts(port)), 20_000)
      await exited
      expect(output()).toContain('SIGTERM received')
      // a clean stop releases the DATA_DIR lock
      expect(fs.existsSync(path.join(dataDir, 'forgeline.lock'))).toBe(false)
    },
  )

  it(
    'Ctrl-C (SIGINT to the whole process group, which npm forwards again) stops it cleanly',
    { timeout: 240_000 },
    async () => {
      const { npm, url, dataDir, exited, out } = await npmStart()
      const port = Number(new URL(url).port)
      // what a terminal does on Ctrl-C: SIGINT to every process of the foreground group
      process.kill(-npm.pid!, 'SIGINT')
      await until('the port to close', async () => !(await accepts(port)), 20_000)
      await exited
      expect(out()).toContain('SIGINT received, finishing requests')
      // the server stopped itself (the duplicate SIGINT did not force an exit): the lock is released
      expect(fs.existsSync(path.join(dataDir, 'forgeline.lock'))).toBe(false)
    },
  )
})
