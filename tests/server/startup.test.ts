import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const tsx = path.join(root, 'node_modules/.bin/tsx')
const children: ChildProcess[] = []
const dirs: string[] = []
afterAll(() => {
  children.forEach((c) => c.kill('SIGKILL'))
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }))
})

function tempDir() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-start-'))
  dirs.push(d)
  return d
}

type Run = {
  child: ChildProcess
  out: () => string
  exit: Promise<{ code: number | null; ms: number }>
}

function run(env: Record<string, string>): Run {
  let out = ''
  const child = spawn(tsx, ['src/server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'start-test-pass',
      ...env,
    },
  })
  children.push(child)
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  const started = Date.now()
  const exit = new Promise<{ code: number | null; ms: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, ms: Date.now() - started })),
  )
  return { child, out: () => out, exit }
}

async function waitFor(r: Run, text: string, ms = 30_000) {
  const until = Date.now() + ms
  while (!r.out().includes(text)) {
    if (Date.now() > until) throw new Error(`timed out waiting for "${text}"; output:\n${r.out()}`)
    if (r.child.exitCode !== null) throw new Error(`exited early:\n${r.out()}`)
    await new Promise((res) => setTimeout(res, 100))
  }
}

describe('start-up and shutdown of the real process', () => {
  it.each([
    ['PORT', { PORT: 'abc' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/forgeline' }],
    ['DATA_DIR', { DATA_DIR: '/proc/forgeline-cannot-be-here' }],
  ])('bad %s ends start-up with one clear line and writes nothing', async (name, env) => {
    const parent = tempDir()
    const dataDir = path.join(parent, 'data')
    const r = run({ DATA_DIR: dataDir, PORT: '0', ...env })
    const { code } = await r.exit
    expect(code).not.toBe(0)
    const lines = r.out().trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(name)
    expect(fs.existsSync(dataDir)).toBe(false)
  })

  it('an unreachable DATABASE_URL is waited for, one line per attempt, until SIGTERM', async () => {
    const r = run({
      DATA_DIR: path.join(tempDir(), 'data'),
      PORT: '0',
      DATABASE_URL: 'postgres://nobody:x@127.0.0.1:1/none',
    })
    await waitFor(r, '127.0.0.1:1')
    expect(r.child.exitCode).toBeNull()
    r.child.kill('SIGTERM')
    const { code } = await r.exit
    expect(code).not.toBeNull()
    expect(r.out()).not.toContain('nobody:x')
  })

  it('a DATA_DIR that is a file is refused', async () => {
    const file = path.join(tempDir(), 'file')
    fs.writeFileSync(file, 'x')
    const r = run({ DATA_DIR: file, PORT: '0' })
    expect((await r.exit).code).not.toBe(0)
    expect(r.out()).toMatch(/^Invalid configuration: DATA_DIR/)
  })

  it('refuses a second process on the same DATA_DIR and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir()
    // port 0: the server binds a free port and names it in its "listening on" line
    const first = run({ DATA_DIR: dataDir, PORT: '0' })
    await waitFor(first, 'listening on')
    const baseURL = /listening on (http:\/\/\S+)/.exec(first.out())![1]!
    const health = await fetch(`${baseURL}/healthz`)
    expect(health.status).toBe(200)

    const second = run({ DATA_DIR: dataDir, PORT: '0' })
    const secondExit = await second.exit
    expect(secondExit.code).not.toBe(0)
    expect(second.out()).toMatch(/Another Forgeline process \(pid \d+\)/)

    // exit code 0 means it finished requests and closed the database itself: the forced exit
    // after 4.5 s exits with 1
    first.child.kill('SIGTERM')
    const { code } = await first.exit
    expect(first.out()).toContain('SIGTERM received')
    expect(code).toBe(0)
    expect(fs.existsSync(path.join(dataDir, 'forgeline.lock'))).toBe(false)
  })
})
