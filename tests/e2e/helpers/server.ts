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

export type ServerHandle = { baseURL: string; dataDir: string; stop: () => Promise<void> }

/** Runs the real server (`src/server/main.ts`) on a free loopback port with a temp DATA_DIR. */
export async function startServer(env: Record<string, string> = {}): Promise<ServerHandle> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-e2e-'))
  const port = await freePort()
  let out = ''
  const child: ChildProcess = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'e2e-admin-pass',
      EDITOR_PASSWORD: 'e2e-editor-pass',
      STAFF_PASSWORD: 'e2e-staff-pass',
      ...env,
    },
  })
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()))
  const until = Date.now() + 60_000
  while (!out.includes('listening')) {
    if (child.exitCode !== null || Date.now() > until) {
      child.kill('SIGKILL')
      throw new Error(`server did not start:\n${out}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    baseURL: `http://127.0.0.1:${port}`,
    dataDir,
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
