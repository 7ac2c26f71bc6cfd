import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '../../..')

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })
}

/** `output`: what the server printed so far (stdout and stderr), e.g. the development SMS sender's codes. */
export type ServerHandle = {
  baseURL: string
  dataDir: string
  output: () => string
  stop: () => Promise<void>
}

/**
 * Runs the real server (`src/server/main.ts`) on a loopback port with a temp DATA_DIR. Unless
 * `env.PORT` is given, the server binds port 0 and its "listening on" line tells the port the
 * system gave it, so no other process can take the port between choosing and binding it.
 */
export async function startServer(env: Record<string, string> = {}): Promise<ServerHandle> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-e2e-'))
  let out = ''
  const child: ChildProcess = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    ['src/server/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'e2e-admin-pass',
        EDITOR_PASSWORD: 'e2e-editor-pass',
        STAFF_PASSWORD: 'e2e-staff-pass',
        ...env,
      },
    },
  )
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()))
  const until = Date.now() + 60_000
  let listening: RegExpExecArray | null = null
  while (!(listening = /listening on (http:\/\/[^\s]+)/.exec(out))) {
    if (child.exitCode !== null || Date.now() > until) {
      child.kill('SIGKILL')
      throw new Error(`server did not start:\n${out}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    baseURL: listening[1]!,
    dataDir,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
