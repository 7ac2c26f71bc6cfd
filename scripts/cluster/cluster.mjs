// Building blocks of a local cluster: a throwaway PostgreSQL (scripts/pg-temp.sh), Forgeline
// instances running the compiled server, and nginx in front. Used by `npm run start:cluster`,
// `npm run bench:cluster` and tests/server/cluster.test.ts.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '..', '..')
export const nginxBin = process.env.NGINX ?? '/usr/sbin/nginx'

export const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** Polls `url` until it answers 200, the process exits, or `ms` pass. */
export async function waitReady(url, ms = 30_000, exited = () => false) {
  const end = Date.now() + ms
  for (;;) {
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(1000) })
      if (r.ok) return
    } catch {
      /* not listening yet */
    }
    if (exited()) throw new Error(`${url}: the process exited before it was ready`)
    if (Date.now() > end) throw new Error(`${url} was not ready within ${ms} ms`)
    await sleep(50)
  }
}

/** A throwaway PostgreSQL cluster in a temp folder; `stop()` removes it. */
export async function startPostgres() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-cluster-pg-'))
  const port = await freePort()
  const r = spawnSync(path.join(root, 'scripts/pg-temp.sh'), ['start', dir, String(port)], { encoding: 'utf8' })
  if (r.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true })
    throw new Error(`could not start PostgreSQL: ${r.stderr.trim()}`)
  }
  return {
    url: r.stdout.trim(),
    stop() {
      spawnSync(path.join(root, 'scripts/pg-temp.sh'), ['stop', dir], { stdio: 'ignore' })
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * One instance: `node dist-server/main.js` with its own DATA_DIR (nothing shared on disk).
 * `output` collects what it prints; `onLine` sees each line.
 */
export async function startInstance({ name, databaseUrl, env = {}, onLine = () => {}, detached = false }) {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `forgeline-cluster-${name}-`))
  const started = Date.now()
  const child = spawn(process.execPath, [path.join(root, 'dist-server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // own process group: Ctrl-C in a terminal reaches only the script, which stops them in order
    detached,
  })
  const output = []
  let exitCode
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      exitCode = code ?? signal
      resolve(exitCode)
    }),
  )
  for (const stream of [child.stdout, child.stderr]) {
    let rest = ''
    stream.on('data', (d) => {
      const lines = (rest + d.toString()).split('\n')
      rest = lines.pop()
      for (const l of lines) {
        output.push(l)
        onLine(l)
      }
    })
  }
  const url = `http://127.0.0.1:${port}`
  return {
    name,
    port,
    url,
    pid: child.pid,
    output,
    exited,
    /** resolves with ms from spawn to the first 200 from /readyz */
    async ready(ms = 60_000) {
      await waitReady(`${url}/readyz`, ms, () => exitCode !== undefined)
      return Date.now() - started
    },
    /** SIGTERM (drain) or SIGKILL; waits for the exit, removes DATA_DIR */
    async stop(signal = 'SIGTERM') {
      if (exitCode === undefined) child.kill(signal)
      const code = await exited
      fs.rmSync(dataDir, { recursive: true, force: true })
      return code
    },
  }
}

/** nginx (non-daemon, own prefix, pid and temp folders) round-robin over `ports`. */
export async function startNginx({ ports, port, detached = false }) {
  port ??= await freePort()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-cluster-nginx-'))
  const template = fs.readFileSync(path.join(import.meta.dirname, 'nginx.conf.template'), 'utf8')
  const conf = template
    .replaceAll('{{dir}}', dir)
    .replaceAll('{{port}}', String(port))
    .replace('{{user}}', process.getuid?.() === 0 ? 'user root;' : '')
    .replace('{{servers}}', ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n'))
  const confFile = path.join(dir, 'nginx.conf')
  fs.writeFileSync(confFile, conf)
  const child = spawn(nginxBin, ['-p', dir, '-c', confFile, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached,
  })
  let stderr = ''
  child.stderr.on('data', (d) => (stderr += d.toString()))
  let exitCode
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve((exitCode = code ?? 'signal'))))
  const spawnError = new Promise((_, reject) => child.on('error', reject))
  const url = `http://127.0.0.1:${port}`
  const listening = (async () => {
    const end = Date.now() + 10_000
    for (;;) {
      if (exitCode !== undefined) throw new Error(`nginx exited: ${stderr.trim() || fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`)
      if (await new Promise((res) => net.connect(port, '127.0.0.1').on('connect', function () { this.destroy(); res(true) }).on('error', () => res(false)))) return
      if (Date.now() > end) throw new Error('nginx did not listen within 10 s')
      await sleep(30)
    }
  })()
  await Promise.race([listening, spawnError])
  return {
    url,
    port,
    async stop() {
      if (exitCode === undefined) child.kill('SIGTERM')
      await exited
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
