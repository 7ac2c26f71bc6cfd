// `npm run bench:cluster`: what several instances cost and give on one machine. Throughput and
// p99 of the order list (`POST /api/Order/GetList`, a page of 20, signed in), the product list
// (`GET /api/CommonData/GetProductList`, public) and a bare route (`GET /publicKey`, no database)
// for: the embedded database (one instance), one instance on PostgreSQL (direct and through
// nginx), and two instances on the same PostgreSQL behind nginx (round-robin). Also time from
// spawn to ready on a migrated database and resident memory idle and after the load.
// Every server is the compiled one (dist-server/main.js), as `npm start` runs it.
// BENCH_SECONDS (default 6) and BENCH_CONNECTIONS (default 20) per run; results also go to
// bench-results/cluster.json.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import {
  root,
  startInstance,
  startNginx,
  startPostgres,
  type Instance,
} from './cluster/cluster.mjs'

const seconds = Number(process.env.BENCH_SECONDS ?? 6)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20)
const env = {
  ADMIN_PASSWORD: 'bench-admin-pass',
  EDITOR_PASSWORD: 'bench-editor-pass',
  STAFF_PASSWORD: 'bench-staff-pass',
  LOG_LEVEL: 'warn',
}
const stops: (() => Promise<unknown> | void)[] = []

const rssMb = (pid: number | undefined, field = 'VmRSS') => {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(field))
  return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 1024)
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function tokenFor(base: string) {
  const r = await fetch(`${base}/api/User/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'staff', password: env.STAFF_PASSWORD }),
  })
  return ((await r.json()) as { data: { Token: string } }).data.Token
}

type Row = { setup: string; route: string; rps: number; p99: number; errors: number }
const rows: Row[] = []

async function measure(setup: string, base: string) {
  const token = await tokenFor(base)
  const routes = [
    {
      route: 'order list',
      url: `${base}/api/Order/GetList`,
      method: 'POST',
      body: JSON.stringify({ pageIndex: 1, pageSize: 20 }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    },
    { route: 'product list', url: `${base}/api/CommonData/GetProductList?pageIndex=1&pageSize=12` },
    { route: 'bare route', url: `${base}/publicKey` },
  ]
  for (const r of routes) {
    await autocannon({ ...r, connections, duration: 1 }) // warm-up
    const res = await autocannon({ ...r, connections, duration: seconds })
    const row = {
      setup,
      route: r.route,
      rps: Math.round(res.requests.average),
      p99: res.latency.p99,
      errors: res.errors + res.non2xx + res.timeouts,
    }
    rows.push(row)
    console.log(
      `  ${setup.padEnd(28)} ${r.route.padEnd(13)} ${String(row.rps).padStart(6)} req/s   p99 ${String(row.p99).padStart(4)} ms${row.errors ? `   ${row.errors} errors` : ''}`,
    )
  }
}

/** Starts an instance, waits until ready; returns it with its start-to-ready time. */
async function instance(name: string, databaseUrl?: string) {
  const i = await startInstance({ name, databaseUrl, env })
  stops.push(() => i.stop())
  const readyMs = await i.ready(120_000)
  return { i, readyMs }
}

async function restart(i: Instance, name: string, databaseUrl?: string) {
  await i.stop()
  return instance(name, databaseUrl)
}

const memory: Record<
  string,
  { readyMs: number; idleMb: number; loadedMb: number; peakMb: number }
> = {}

try {
  console.log(
    `bench:cluster on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${connections} connections, ${seconds} s per run, Node ${process.version}`,
  )
  const pg = await startPostgres()
  stops.push(() => pg.stop())

  // the embedded database: first start seeds, the second start is on a migrated database
  let emb = await instance('embedded')
  emb = await restart(emb.i, 'embedded')
  await sleep(2000)
  const embIdle = rssMb(emb.i.pid)
  await measure('embedded (SQLite), 1 instance', emb.i.url)
  memory.embedded = {
    readyMs: emb.readyMs,
    idleMb: embIdle,
    loadedMb: rssMb(emb.i.pid),
    peakMb: rssMb(emb.i.pid, 'VmHWM'),
  }
  await emb.i.stop()

  let a = await instance('a', pg.url)
  a = await restart(a.i, 'a', pg.url)
  await sleep(2000)
  const aIdle = rssMb(a.i.pid)
  await measure('PostgreSQL, 1 instance', a.i.url)
  const one = await startNginx({ ports: [a.i.port] })
  stops.push(() => one.stop())
  await measure('PostgreSQL, nginx + 1', one.url)
  await one.stop()
  memory.postgres = {
    readyMs: a.readyMs,
    idleMb: aIdle,
    loadedMb: rssMb(a.i.pid),
    peakMb: rssMb(a.i.pid, 'VmHWM'),
  }

  const b = await instance('b', pg.url)
  const two = await startNginx({ ports: [a.i.port, b.i.port] })
  stops.push(() => two.stop())
  await measure('PostgreSQL, nginx + 2', two.url)

  console.log(
    '\nStart to ready (spawn to first 200 from /readyz, migrated database) and resident memory:',
  )
  for (const [k, m] of Object.entries(memory)) {
    console.log(
      `  ${k.padEnd(9)} ready ${m.readyMs} ms   idle ${m.idleMb} MB   after load ${m.loadedMb} MB   peak ${m.peakMb} MB`,
    )
  }
  const out = path.join(root, 'bench-results', 'cluster.json')
  fs.mkdirSync(path.dirname(out), { recursive: true })
  fs.writeFileSync(
    out,
    JSON.stringify(
      { at: new Date().toISOString(), cores: os.cpus().length, connections, seconds, rows, memory },
      null,
      2,
    ),
  )
  console.log(`\nWritten to ${path.relative(root, out)}`)
} finally {
  for (const s of stops.reverse()) await Promise.resolve(s()).catch(() => {})
}
