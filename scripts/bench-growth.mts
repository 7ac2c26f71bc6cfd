// npm run bench:growth [-- --scale 0.1]: the staff reads (order grid first/deep/filtered/searched/
// sorted pages, notice badge and list, log list, dashboard counts, product lists) on demo data and
// on the large data set (seed:large at --scale; 1 = 100,000 orders, 1,000,000 log lines, takes
// minutes), on SQLite with and without READ_CACHE and on a throwaway PostgreSQL
// (scripts/pg-temp.sh; skipped when its binaries are missing), each against a real server
// process. Prints per request: requests/s, p99 ms, server CPU ms per request (from /proc; on
// PostgreSQL also the database's), and large/demo CPU ratio; next to a bare Fastify route and
// the order list's own SQL through `pg` behind a bare route; and the order list on SQLite with
// 20 saves/s running alongside, and the server CPU of one save at a time (a new order, an update
// without and with RowVersion; scripts/bench/save-cpu.mts). BENCH_SECONDS (default 3) and BENCH_CONNECTIONS (default 10).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { saveCpu } from './bench/save-cpu.mts'
import { benchSignIn, startBenchServer } from './bench/start-server.mts'

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '0.1' },
    'no-pg': { type: 'boolean', default: false },
    /** only the PostgreSQL order list (demo data) vs its own SQL behind a bare route, N rounds */
    'pg-order-list': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
})
if (values.help) {
  console.log(`npm run bench:growth [-- --scale 0.1] [--no-pg] [--pg-order-list ROUNDS]
  --scale S            size of the large data set (1 = 100,000 orders; default 0.1)
  --no-pg              skip PostgreSQL
  --pg-order-list N    only the PostgreSQL order list (demo data) vs its own SQL through pg behind
                       a bare route, N alternating rounds; prints medians of CPU ms/request
                       (server + database) and requests/s, and their ratios
  env BENCH_SECONDS (default 3), BENCH_CONNECTIONS (default 10), BENCH_WARMUP (seconds of
  requests before each measurement, default 1)`)
  process.exit(0)
}
const scale = Number(values.scale)
const seconds = Number(process.env.BENCH_SECONDS ?? 3)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const warmup = Number(process.env.BENCH_WARMUP ?? 1)
const cwd = path.resolve(import.meta.dirname, '..')
const passwords = {
  ADMIN_PASSWORD: 'bench-admin-pass',
  EDITOR_PASSWORD: 'bench-editor-pass',
  STAFF_PASSWORD: 'bench-staff-pass',
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-growth-'))
// the throwaway PostgreSQL runs as the postgres user when started by root: it must reach its directory
fs.chmodSync(tmp, 0o755)
const tick = 1000 / 100 // ms per clock tick (USER_HZ)

/** utime + stime of a process and its children's threads, in ms. */
function cpuMs(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(f[11]) + Number(f[12])) * tick
  } catch {
    return 0
  }
}
/** The PostgreSQL cluster's processes (children of its postmaster). */
function pgPids(dir: string): number[] {
  const master = Number(
    fs.readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0],
  )
  const children = fs
    .readFileSync(`/proc/${master}/task/${master}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number)
  return [master, ...children]
}

type Read = {
  name: string
  path: string
  body: Record<string, unknown>
  auth?: boolean
  /** ask `after` the last row of the page before (next page by cursor) */
  byCursor?: boolean
}
const reads = (deepPage: number): Read[] => [
  { name: 'orders first page', path: 'Order/GetList', body: { pageIndex: 1, pageSize: 20 } },
  {
    name: `orders page ${deepPage}`,
    path: 'Order/GetList',
    body: { pageIndex: deepPage, pageSize: 20 },
  },
  {
    name: `orders page ${deepPage} by cursor`,
    path: 'Order/GetList',
    body: { pageIndex: deepPage, pageSize: 20 },
    byCursor: true,
  },
  {
    name: 'orders filtered (audit 1)',
    path: 'Order/GetList',
    body: { pageIndex: 1, pageSize: 20, auditStatus: 1 },
  },
  {
    name: 'orders searched',
    path: 'Order/GetList',
    body: { pageIndex: 1, pageSize: 20, keyword: '法兰' },
  },
  {
    name: 'orders sorted by Customer',
    path: 'Order/GetList',
    body: { pageIndex: 1, pageSize: 20, sort: 'Customer asc' },
  },
  {
    name: 'notice badge',
    path: 'Notice/GetList',
    body: { pageIndex: 1, pageSize: 1, isAll: false },
  },
  {
    name: 'notice list',
    path: 'Notice/GetList',
    body: { pageIndex: 1, pageSize: 10, isAll: true },
  },
  { name: 'log list', path: 'Log/GetList', body: { pageIndex: 1, pageSize: 20 } },
  {
    name: 'dashboard: orders to audit',
    path: 'Order/GetList',
    body: { pageIndex: 1, pageSize: 1, auditStatus: 0 },
  },
  {
    name: 'dashboard: messages',
    path: 'Leaving/GetList',
    body: { pageIndex: 1, pageSize: 1, handled: false },
  },
  {
    name: 'product admin list',
    path: 'Product/GetAdminList',
    body: { pageIndex: 1, pageSize: 20 },
  },
  {
    name: 'public product list',
    path: 'CommonData/GetProductList',
    body: { pageIndex: 1, pageSize: 12 },
    auth: false,
  },
]

type Figure = { rps: number; p99: number; cpu: number; dbCpu?: number; errors: number }
async function measure(
  url: string,
  pid: number,
  body: unknown,
  token?: string,
  dbPids: number[] = [],
  method = 'POST',
): Promise<Figure> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  // warm up (the server's compiler and the database's pages), then measure
  await autocannon({
    url,
    method: method as 'POST',
    headers,
    body: method === 'POST' ? JSON.stringify(body) : undefined,
    connections,
    duration: warmup,
  })
  const cpu0 = cpuMs(pid)
  const db0 = dbPids.reduce((s, p) => s + cpuMs(p), 0)
  const r = await autocannon({
    url,
    method: method as 'POST',
    headers,
    body: method === 'POST' ? JSON.stringify(body) : undefined,
    connections,
    duration: seconds,
  })
  const n = Math.max(1, r.requests.total)
  return {
    rps: Math.round(r.requests.average),
    p99: r.latency.p99,
    cpu: (cpuMs(pid) - cpu0) / n,
    dbCpu: dbPids.length ? (dbPids.reduce((s, p) => s + cpuMs(p), 0) - db0) / n : undefined,
    errors: r.non2xx + r.errors,
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
}

function seedLarge(env: Record<string, string>) {
  const started = Date.now()
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/seed-large.mts', '--scale', String(scale)],
    {
      cwd,
      env: { ...process.env, ...passwords, LOG_LEVEL: 'error', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  console.error(`seed:large --scale ${scale}: ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

/** The cursor of the last row of the page before a read's page. */
async function lastKey(base: string, read: Read, token: string) {
  const res = await fetch(`${base}/api/${read.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ ...read.body, pageIndex: Number(read.body.pageIndex) - 1 }),
  })
  return ((await res.json()) as { data: { pageKeys: { last: unknown } } }).data.pageKeys.last
}

type Row = { setup: string; data: string; read: string } & Figure
const rows: Row[] = []
async function runReads(
  setup: string,
  data: string,
  env: Record<string, string>,
  large: boolean,
  dbPids: number[] = [],
) {
  const { child, base } = await startBenchServer(cwd, { ...passwords, ...env })
  try {
    const token = await benchSignIn(base, 'admin', passwords.ADMIN_PASSWORD)
    for (const read of reads(large ? Math.max(2, Math.round(2000 * scale)) : 2)) {
      const body = read.byCursor
        ? { ...read.body, after: await lastKey(base, read, token) }
        : read.body
      const f = await measure(
        `${base}/api/${read.path}`,
        child.pid!,
        body,
        read.auth === false ? undefined : token,
        dbPids,
      )
      rows.push({ setup, data, read: read.name.replace(/page \d+/, 'deep page'), ...f })
      console.error(
        `${setup} ${data} ${read.name}: ${f.rps} req/s, p99 ${f.p99} ms, ${f.cpu.toFixed(2)} ms CPU`,
      )
    }
    if (setup === 'sqlite cache') {
      for (const f of await saveCpu(base, token, () => cpuMs(child.pid!))) {
        rows.push({ setup, data, read: f.name, ...f })
        console.error(`${setup} ${data} ${f.name}: ${f.cpu.toFixed(2)} ms CPU per save`)
      }
    }
    if (setup === 'sqlite cache' && large) {
      // the order list with 20 saves/s of one new order alongside
      let serial = 0
      const pending = new Set<Promise<unknown>>()
      const saving = setInterval(() => {
        const p: Promise<unknown> = fetch(`${base}/api/PostData/PostCommon`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            postUrl: 'SaveOrder',
            postData: {
              insertRecords: [
                {
                  OrderNo: `GROWTH-${Date.now()}-${++serial}`,
                  Customer: 'Growth Co',
                  PartName: 'Bench part',
                  Quantity: 1,
                  UnitPrice: 1,
                },
              ],
            },
          }),
        })
          .catch(() => undefined)
          .finally(() => pending.delete(p))
        pending.add(p)
      }, 50)
      const f = await measure(
        `${base}/api/Order/GetList`,
        child.pid!,
        { pageIndex: 1, pageSize: 20 },
        token,
      )
      clearInterval(saving)
      await Promise.all(pending)
      rows.push({ setup: 'sqlite cache + 20 saves/s', data, read: 'orders first page', ...f })
      console.error(`with 20 saves/s: ${f.rps} req/s, p99 ${f.p99} ms (${serial} saves)`)
    }
  } finally {
    await stop(child)
  }
}

async function runBare(
  label: string,
  data: string,
  env: Record<string, string>,
  route: string,
  dbPids: number[] = [],
) {
  let out = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/bare-server.mts'], {
    cwd,
    env: { ...process.env, ...env },
  })
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  let m: RegExpExecArray | null = null
  for (
    const until = Date.now() + 30_000;
    !(m = /listening on (\S+)/.exec(out));
    await new Promise((r) => setTimeout(r, 100))
  )
    if (child.exitCode !== null || Date.now() > until)
      throw new Error(`bare server did not start:\n${out}`)
  try {
    const f = await measure(
      `${m[1]}${route}`,
      child.pid!,
      { pageIndex: 1, pageSize: 20 },
      undefined,
      dbPids,
      route === '/bare' ? 'GET' : 'POST',
    )
    rows.push({
      setup: label,
      data,
      read: route === '/bare' ? 'bare route' : 'orders first page (own SQL)',
      ...f,
    })
  } finally {
    await stop(child)
  }
}

if (values['pg-order-list']) {
  await pgOrderList(Number(values['pg-order-list']) || 5)
  process.exit(0)
}

/** Starts the bare server (scripts/bench/bare-server.mts) and returns it with its address. */
async function startBare(env: Record<string, string>) {
  let out = ''
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', 'scripts/bench/bare-server.mts'],
    { cwd, env: { ...process.env, ...env } },
  )
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  let m: RegExpExecArray | null = null
  for (
    const until = Date.now() + 30_000;
    !(m = /listening on (\S+)/.exec(out));
    await new Promise((r) => setTimeout(r, 100))
  )
    if (child.exitCode !== null || Date.now() > until)
      throw new Error(`bare server did not start:\n${out}`)
  return { child, base: m[1]! }
}

/**
 * --pg-order-list N: the order list's first page through the app and its own SQL through `pg`
 * behind a bare route, on one throwaway PostgreSQL with the demo data, measured in N
 * alternating rounds (both servers warmed up first); medians of server + database CPU ms per
 * request and of requests/s.
 */
async function pgOrderList(rounds: number) {
  const dir = path.join(tmp, 'pg')
  const port = String(56000 + Math.floor(Math.random() * 1000))
  const url = execFileSync('bash', ['scripts/pg-temp.sh', 'start', dir, port], {
    cwd,
    encoding: 'utf8',
  }).trim()
  const children: ChildProcess[] = []
  try {
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query('create database growth_demo')
    await admin.end()
    const dbUrl = url.replace(/\/postgres$/, '/growth_demo')
    const app = await startBenchServer(cwd, {
      ...passwords,
      DATABASE_URL: dbUrl,
      SEED_DEMO: 'true',
    })
    children.push(app.child)
    const bare = await startBare({ BARE_PG_URL: dbUrl })
    children.push(bare.child)
    const token = await benchSignIn(app.base, 'admin', passwords.ADMIN_PASSWORD)
    const body = { pageIndex: 1, pageSize: 20 }
    const one = (which: 'app' | 'bare') =>
      which === 'app'
        ? measure(`${app.base}/api/Order/GetList`, app.child.pid!, body, token, pgPids(dir))
        : measure(`${bare.base}/pg-orders`, bare.child.pid!, body, undefined, pgPids(dir))
    await one('app')
    await one('bare')
    const cpu: Record<'app' | 'bare', number[]> = { app: [], bare: [] }
    const rps: Record<'app' | 'bare', number[]> = { app: [], bare: [] }
    for (let i = 0; i < rounds; i++)
      for (const which of ['app', 'bare'] as const) {
        const f = await one(which)
        if (f.errors) throw new Error(`${which}: ${f.errors} errors`)
        cpu[which].push(f.cpu + (f.dbCpu ?? 0))
        rps[which].push(f.rps)
        console.error(
          `round ${i + 1} ${which}: ${f.rps} req/s, ${(f.cpu + (f.dbCpu ?? 0)).toFixed(2)} ms CPU/req (server ${f.cpu.toFixed(2)}, db ${(f.dbCpu ?? 0).toFixed(2)})`,
        )
      }
    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b)
      const h = Math.floor(s.length / 2)
      return s.length % 2 ? s[h]! : (s[h - 1]! + s[h]!) / 2
    }
    const [ca, cb, ra, rb] = [median(cpu.app), median(cpu.bare), median(rps.app), median(rps.bare)]
    console.log(
      `\npg order list, demo data, ${rounds} rounds, ${os.cpus().length} x ${os.cpus()[0]?.model ?? '?'}, load ${os.loadavg()[0]!.toFixed(1)}, ${new Date().toISOString()}, ${seconds} s x ${connections} connections each`,
    )
    console.log(`app order list: median ${ca.toFixed(2)} CPU ms/req, ${ra} req/s`)
    console.log(`own SQL, bare route: median ${cb.toFixed(2)} CPU ms/req, ${rb} req/s`)
    console.log(
      `ratio (bare CPU / app CPU): ${(cb / ca).toFixed(2)}x; requests/s app/bare: ${(ra / rb).toFixed(2)}x (target 0.8x)`,
    )
  } finally {
    for (const c of children) await stop(c)
    execFileSync('bash', ['scripts/pg-temp.sh', 'stop', dir], { cwd })
    fs.rmSync(tmp, { recursive: true, force: true })
  }
}

// SQLite: demo, then demo + large
const demoDir = path.join(tmp, 'sqlite-demo')
const largeDir = path.join(tmp, 'sqlite-large')
fs.mkdirSync(demoDir)
seedLarge({ DATA_DIR: largeDir })
await runBare('bare fastify', '-', {}, '/bare')
for (const [setup, cache] of [
  ['sqlite cache', 'true'],
  ['sqlite no cache', 'false'],
] as const) {
  await runReads(setup, 'demo', { DATA_DIR: demoDir, SEED_DEMO: 'true', READ_CACHE: cache }, false)
  await runReads(setup, 'large', { DATA_DIR: largeDir, SEED_DEMO: 'true', READ_CACHE: cache }, true)
}

// PostgreSQL: a throwaway cluster with a demo and a large database
const pgDir = path.join(tmp, 'pg')
let pgStarted = false
if (!values['no-pg']) {
  try {
    const port = String(56000 + Math.floor(Math.random() * 1000))
    const url = execFileSync('bash', ['scripts/pg-temp.sh', 'start', pgDir, port], {
      cwd,
      encoding: 'utf8',
    }).trim()
    pgStarted = true
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query('create database growth_demo')
    await admin.query('create database growth_large')
    await admin.end()
    const at = (db: string) => url.replace(/\/postgres$/, `/${db}`)
    seedLarge({ DATABASE_URL: at('growth_large') })
    const pids = pgPids(pgDir)
    await runReads(
      'postgres',
      'demo',
      { DATABASE_URL: at('growth_demo'), SEED_DEMO: 'true' },
      false,
      pids,
    )
    await runBare(
      'pg bare route',
      'demo',
      { BARE_PG_URL: at('growth_demo') },
      '/pg-orders',
      pgPids(pgDir),
    )
    await runReads(
      'postgres',
      'large',
      { DATABASE_URL: at('growth_large'), SEED_DEMO: 'true' },
      true,
      pgPids(pgDir),
    )
    await runBare(
      'pg bare route',
      'large',
      { BARE_PG_URL: at('growth_large') },
      '/pg-orders',
      pgPids(pgDir),
    )
  } catch (e) {
    console.error(`PostgreSQL skipped: ${(e as Error).message}`)
  } finally {
    if (pgStarted) execFileSync('bash', ['scripts/pg-temp.sh', 'stop', pgDir], { cwd })
  }
}
fs.rmSync(tmp, { recursive: true, force: true })

// the table: large/demo CPU ratio per setup and read
const fmt = (n: number | undefined, d = 2) => (n === undefined ? '' : n.toFixed(d))
console.log(
  `\nbench:growth, scale ${scale}, ${os.cpus().length} x ${os.cpus()[0]?.model ?? '?'}, ${new Date().toISOString()}, ${seconds} s x ${connections} connections each`,
)
console.log(
  '| setup | read | demo req/s | large req/s | demo p99 ms | large p99 ms | demo CPU ms/req | large CPU ms/req | large/demo CPU | errors |',
)
console.log('|---|---|---|---|---|---|---|---|---|---|')
const keyed = new Map(rows.map((r) => [`${r.setup}|${r.read}|${r.data}`, r]))
for (const r of rows) {
  if (r.data === 'large') continue
  const large = r.data === 'demo' ? keyed.get(`${r.setup}|${r.read}|large`) : undefined
  const cpu = (x?: Row) => (x ? x.cpu + (x.dbCpu ?? 0) : undefined)
  const ratio = large ? (cpu(large)! / Math.max(cpu(r)!, 0.001)).toFixed(1) + 'x' : ''
  console.log(
    `| ${r.setup} | ${r.read} | ${r.rps} | ${large?.rps ?? ''} | ${r.p99} | ${large?.p99 ?? ''} | ${fmt(cpu(r))} | ${fmt(cpu(large))} | ${ratio} | ${r.errors + (large?.errors ?? 0)} |`,
  )
}
for (const r of rows.filter((x) => x.data === 'large' && !keyed.has(`${x.setup}|${x.read}|demo`)))
  console.log(
    `| ${r.setup} | ${r.read} |  | ${r.rps} |  | ${r.p99} |  | ${fmt(r.cpu + (r.dbCpu ?? 0))} |  | ${r.errors} |`,
  )
for (const data of ['demo', 'large']) {
  const app = keyed.get(`postgres|orders first page|${data}`)
  const bare = keyed.get(`pg bare route|orders first page (own SQL)|${data}`)
  if (app && bare)
    console.log(
      `PostgreSQL order list vs its own SQL behind a bare route (${data}): ${(app.rps / bare.rps).toFixed(2)}x requests/s (target 0.8x)`,
    )
}
