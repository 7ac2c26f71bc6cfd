// `npm run bench:abuse`: the p99 latency of a normal public read (GET CommonData/GetList) while
// one address floods a public write or sign-in call, against the same read without a flood and
// against a bare Fastify route (the floor of this machine), all measured in this run.
//
// The server runs in a child process (temp DATA_DIR, SQLite, demo content, TRUST_PROXY=true) so
// the load generators (autocannon, in this process) do not share its event loop. The flood comes
// from one address (X-Forwarded-For 203.0.113.7) with BENCH_FLOOD_CONNECTIONS connections; the
// reader uses 4 connections from another address. Each scenario runs BENCH_RUNS times for
// BENCH_SECONDS seconds; the table shows the median of the runs. Limits persist across runs, so
// after the first seconds every flood is answered 429 - the steady state of an attack.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

const seconds = Math.min(Math.max(Number(process.env.BENCH_SECONDS ?? 5), 1), 60)
const runs = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? 3), 1), 9)
const floodConnections = Math.min(
  Math.max(Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 20), 1),
  200,
)
const attacker = { 'x-forwarded-for': '203.0.113.7', 'content-type': 'application/json' }
const readPath = '/api/CommonData/GetList?type=20&parentId=0&pageIndex=1&pageSize=10'

/** Child modes: `serve` (the app) or `bare` (one Fastify route); prints `{"port":N}` when listening. */
async function serve(mode: string) {
  if (mode === 'bare') {
    const { default: Fastify } = await import('fastify')
    const app = Fastify()
    app.get('/api/CommonData/GetList', async () => ({
      code: 200,
      msg: 'ok',
      data: { result: [], total: 0 },
    }))
    await app.listen({ host: '127.0.0.1', port: 0 })
    console.log(JSON.stringify({ port: (app.server.address() as { port: number }).port }))
    return
  }
  const { buildApp } = await import('../src/server/app.ts')
  const { loadConfig } = await import('../src/server/config.ts')
  const { migrateToLatest } = await import('../src/server/db/migrate.ts')
  const { openSqlite } = await import('../src/server/db/open.ts')
  const { seedDatabase } = await import('../src/server/db/seed/seed.ts')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-bench-abuse-'))
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }))
  const secret = () => randomBytes(12).toString('base64url')
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: secret(),
    EDITOR_PASSWORD: secret(),
    STAFF_PASSWORD: secret(),
    WECHAT_STANDIN: 'true',
    CLIENT_DIR: path.join(dataDir, 'client'),
  })
  const db = await openSqlite(dataDir)
  await migrateToLatest(db.db, db.dialect)
  await seedDatabase(db, config, () => {})
  const app = await buildApp({ config, db })
  await app.listen({ host: '127.0.0.1', port: 0 })
  console.log(JSON.stringify({ port: (app.server.address() as { port: number }).port }))
  process.on(
    'SIGTERM',
    () =>
      void app
        .close()
        .then(() => db.close())
        .finally(() => process.exit(0)),
  )
}

function start(mode: 'serve' | 'bare'): Promise<{ child: ChildProcess; port: number }> {
  const self = fileURLToPath(import.meta.url)
  const child = spawn(process.execPath, ['--import', 'tsx', self, mode], {
    env: { ...process.env, TRUST_PROXY: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const line = out.split('\n').find((l) => l.startsWith('{"port"'))
      if (line) resolve({ child, port: (JSON.parse(line) as { port: number }).port })
    })
    child.once('exit', (code) => reject(new Error(`server (${mode}) exited with ${code}`)))
  })
}

type Flood = { name: string; method: 'POST'; path: string; body: unknown }
const floods: Flood[] = [
  {
    name: 'sign-in (User/Login)',
    method: 'POST',
    path: '/api/User/Login',
    body: { username: 'staff', password: 'not-the-password' },
  },
  {
    name: 'WeChat bind (User/WxBind)',
    method: 'POST',
    path: '/api/User/WxBind',
    body: { ticket: 'made-up', username: 'staff', password: 'not-the-password' },
  },
  {
    name: 'register (/register)',
    method: 'POST',
    path: '/register',
    body: { username: 'flooder', password: 'flood-pass-123', realName: 'x' },
  },
  {
    name: 'visitor message (PostFrontCommon)',
    method: 'POST',
    path: '/api/PostData/PostFrontCommon',
    body: {
      postUrl: 'LeaveMessage',
      postData: { Name: 'x', Phone: '13812345678', Message: 'flood' },
    },
  },
  {
    name: 'supplier form (SupplierForm/Add)',
    method: 'POST',
    path: '/FormZhengao/SupplierForm/Add',
    body: { Company: 'Flood', Contact: 'x', Phone: '13800138000' },
  },
]

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!

/** One measurement: the reader's p99 (ms) and its rate, with a flood running alongside when given. */
async function measure(port: number, flood?: Flood) {
  const base = `http://127.0.0.1:${port}`
  const reader = autocannon({ url: base + readPath, connections: 4, duration: seconds })
  const attack = flood
    ? autocannon({
        url: base + flood.path,
        method: flood.method,
        headers: attacker,
        body: JSON.stringify(flood.body),
        connections: floodConnections,
        duration: seconds,
      })
    : undefined
  const [r, a] = await Promise.all([reader, attack])
  return {
    p99: r.latency.p99,
    readsPerSecond: r.requests.average,
    readErrors: r.errors + r.non2xx,
    floodPerSecond: a?.requests.average ?? 0,
    floodRefused: a ? a.non2xx : 0,
    floodTotal: a ? a.requests.total : 0,
  }
}

async function main() {
  const hardStop = setTimeout(
    () => {
      console.error('bench:abuse did not finish in time; stopping')
      process.exit(2)
    },
    (runs * (floods.length + 2) * seconds + 60) * 1000,
  )
  hardStop.unref()
  const rows: {
    scenario: string
    p99: number
    reads: number
    readErrors: number
    flood: number
    refused: string
  }[] = []
  const bare = await start('bare')
  try {
    await autocannon({
      url: `http://127.0.0.1:${bare.port}${readPath}`,
      connections: 4,
      duration: 1,
    })
    const got = []
    for (let i = 0; i < runs; i++) got.push(await measure(bare.port))
    rows.push({
      scenario: 'bare Fastify route, no flood',
      p99: median(got.map((g) => g.p99)),
      reads: Math.round(median(got.map((g) => g.readsPerSecond))),
      readErrors: 0,
      flood: 0,
      refused: '-',
    })
  } finally {
    bare.child.kill('SIGTERM')
  }
  const app = await start('serve')
  try {
    // warm-up: JIT, statement caches and the read cache, before anything is measured
    await autocannon({
      url: `http://127.0.0.1:${app.port}${readPath}`,
      connections: 4,
      duration: 2,
    })
    for (const flood of [undefined, ...floods]) {
      const got = []
      for (let i = 0; i < runs; i++) got.push(await measure(app.port, flood))
      const refused = got.reduce((s, g) => s + g.floodRefused, 0)
      const total = got.reduce((s, g) => s + g.floodTotal, 0)
      rows.push({
        scenario: flood ? `flood: ${flood.name}` : 'Forgeline, no flood',
        p99: median(got.map((g) => g.p99)),
        reads: Math.round(median(got.map((g) => g.readsPerSecond))),
        readErrors: got.reduce((s, g) => s + g.readErrors, 0),
        flood: Math.round(median(got.map((g) => g.floodPerSecond))),
        refused: flood ? `${total === 0 ? 0 : Math.round((refused / total) * 1000) / 10}%` : '-',
      })
    }
  } finally {
    app.child.kill('SIGTERM')
  }
  console.log(
    `\nbench:abuse - p99 of GET CommonData/GetList (4 connections) during each flood (${floodConnections} connections from one address)`,
  )
  console.log(
    `median of ${runs} runs of ${seconds} s; Node ${process.version}, ${os.cpus().length} CPUs\n`,
  )
  console.log(
    '| scenario | reader p99 (ms) | reads/s | read errors | flood req/s | flood answered 429 (or refused) |',
  )
  console.log('|---|---:|---:|---:|---:|---:|')
  for (const r of rows)
    console.log(
      `| ${r.scenario} | ${r.p99} | ${r.reads} | ${r.readErrors} | ${r.flood} | ${r.refused} |`,
    )
  clearTimeout(hardStop)
}

const mode = process.argv[2]
if (mode === 'serve' || mode === 'bare') await serve(mode)
else await main()
