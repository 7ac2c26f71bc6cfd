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
  const r = spawnSync(path.join(root, 'scripts/pg-temp.sh'), ['start', dir, String(port)], {
    encoding: 'utf8',
  })
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
export async function startInstance({
  name,
  databaseUrl,
  env = {},
  onLine = () => {},
  detached = false,
}) {
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
    .replace(
      '{{servers}}',
      ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n'),
    )
  const confFile = path.join(dir, 'nginx.conf')
  fs.writeFileSync(confFile, conf)
  const child = spawn(nginxBin, ['-p', dir, '-c', confFile, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached,
  })
  let stderr = ''
  child.stderr.on('data', (d) => (stderr += d.toString()))
  let exitCode
  const exited = new Promise((resolve) =>
    child.on('exit', (code) => resolve((exitCode = code ?? 'signal'))),
  )
  const spawnError = new Promise((_, reject) => child.on('error', reject))
  const url = `http://127.0.0.1:${port}`
  const listening = (async () => {
    const end = Date.now() + 10_000
    for (;;) {
      if (exitCode !== undefined)
        throw new Error(
          `nginx exited: ${stderr.trim() || fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`,
        )
      if (
        await new Promise((res) =>
          net
            .connect(port, '127.0.0.1')
            .on('connect', function () {
              this.destroy()
              res(true)
            })
            .on('error', () => res(false)),
        )
      )
        return
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

/** A self-signed certificate for 127.0.0.1 and localhost (openssl), in `dir`. */
export function selfSignedCertificate(dir) {
  const key = path.join(dir, 'privkey.pem')
  const cert = path.join(dir, 'fullchain.pem')
  const r = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { encoding: 'utf8' },
  )
  if (r.status !== 0) throw new Error(`openssl could not make a certificate: ${r.stderr}`)
  return { key, cert, pem: fs.readFileSync(cert, 'utf8') }
}

/**
 * The production nginx file (deploy/nginx.conf, as installed in sites-enabled) in front of
 * `ports`: only what must differ on a test machine is substituted (instance ports, listen
 * addresses, certificate, cache folder); each substitution must match, so a change of the
 * shipped file's shape fails here instead of being silently skipped.
 */
export async function startProductionNginx({ ports }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-nginx-prod-'))
  const [port, httpPort] = [await freePort(), await freePort()]
  const tls = selfSignedCertificate(dir)
  let site = fs.readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8')
  const replace = (pattern, by) => {
    const next = site.replace(pattern, by)
    if (next === site) throw new Error(`deploy/nginx.conf: ${pattern} not found`)
    site = next
  }
  replace('/var/cache/nginx/forgeline', path.join(dir, 'cache'))
  replace(
    /(?:^[ \t]*server 127\.0\.0\.1:\d+ [^\n]*;\n)+/m,
    ports.map((p) => `  server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;\n`).join(''),
  )
  replace(/^[ \t]*listen \[::\]:\d+[^\n]*\n/gm, '')
  replace(/listen 80;/, `listen 127.0.0.1:${httpPort};`)
  replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${port} ssl http2;`)
  replace('/etc/ssl/forgeline/fullchain.pem', tls.cert)
  replace('/etc/ssl/forgeline/privkey.pem', tls.key)
  fs.writeFileSync(path.join(dir, 'forgeline-site.conf'), site)
  // what Debian's /etc/nginx/nginx.conf provides around sites-enabled/*
  const conf = [
    process.getuid?.() === 0 ? 'user root;' : '',
    'daemon off;',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 4096; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (t) => `  ${t}_temp_path ${dir}/${t};`,
    ),
    `  include ${dir}/forgeline-site.conf;`,
    '}',
  ].join('\n')
  const confFile = path.join(dir, 'nginx.conf')
  fs.writeFileSync(confFile, conf)
  const child = spawn(nginxBin, ['-p', dir, '-c', confFile, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (d) => (stderr += d.toString()))
  let exitCode
  const exited = new Promise((resolve) =>
    child.on('exit', (code) => resolve((exitCode = code ?? 'signal'))),
  )
  const end = Date.now() + 10_000
  for (;;) {
    if (exitCode !== undefined)
      throw new Error(
        `nginx exited: ${stderr.trim() || fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`,
      )
    const up = await new Promise((res) =>
      net
        .connect(port, '127.0.0.1')
        .on('connect', function () {
          this.destroy()
          res(true)
        })
        .on('error', () => res(false)),
    )
    if (up) break
    if (Date.now() > end) throw new Error('nginx did not listen within 10 s')
    await sleep(30)
  }
  return {
    url: `https://127.0.0.1:${port}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    port,
    ca: tls.pem,
    async stop() {
      if (exitCode === undefined) child.kill('SIGTERM')
      await exited
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
