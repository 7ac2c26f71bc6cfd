// npm run drill:faults: the faults a real deployment meets, run as an operator would
// (docs/operations.md "When something breaks"). A throwaway PostgreSQL and two instances with
// writers saving orders; PostgreSQL stopped for 15 s, a third instance started during the
// outage; then instance A's database host hangs for 10 s (a proxy between A and PostgreSQL stops
// forwarding bytes and closes nothing, as a partition does); then an embedded-database instance whose data folder is a small tmpfs filled to the
// last byte and freed (needs root for the mount; says so and leaves that part out otherwise).
// Prints acknowledged vs stored saves, non-2xx answers by status and recovery times; exits 1
// when a criterion fails (something acknowledged missing, an instance died, a wrong answer).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freezeProxy } from './faults/freeze-proxy.ts'

const root = path.resolve(import.meta.dirname, '..')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-drill-'))
// PostgreSQL runs as its own user (scripts/pg-temp.sh): it must reach its folder inside
fs.chmodSync(work, 0o755)
const outageMs = 15_000
const staffPassword = 'drill-staff-pass-1'
const failures: string[] = []
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`)
  if (!ok) failures.push(what)
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
  })
}

// the server compiled once (esbuild, as the crash test does): three instances start fast
const bundleDir = path.join(root, '.tmp', `drill-${process.pid}`)
function compile() {
  const r = spawnSync(
    path.join(root, 'node_modules/.bin/esbuild'),
    [
      'main=src/server/main.ts',
      'parse-worker=src/server/modules/grid-excel/parse-worker.ts',
      'parse-supervisor=src/server/modules/grid-excel/parse-supervisor.ts',
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--packages=external',
      `--outdir=${bundleDir}`,
      '--out-extension:.js=.mjs',
      '--log-level=error',
    ],
    { cwd: root, encoding: 'utf8' },
  )
  if (r.status !== 0) throw new Error(`could not compile the server: ${r.stderr}`)
}

// ---- PostgreSQL: started by scripts/pg-temp.sh, stopped and started again with pg_ctl
const pgDir = path.join(work, 'pg')
const pgBin = (() => {
  const base = '/usr/lib/postgresql'
  const v = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .sort((a, b) => Number(a) - Number(b))
        .at(-1)
    : undefined
  return v ? path.join(base, v, 'bin') : undefined
})()
const asPostgres = (cmd: string[]) =>
  process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...cmd] : cmd
let pgPort = 0
function pgCtl(action: 'stop' | 'start') {
  const args =
    action === 'stop'
      ? [path.join(pgBin!, 'pg_ctl'), '-D', path.join(pgDir, 'data'), '-m', 'fast', '-w', 'stop']
      : [
          path.join(pgBin!, 'pg_ctl'),
          '-D',
          path.join(pgDir, 'data'),
          '-l',
          path.join(pgDir, 'server.log'),
          '-w',
          '-o',
          `-c listen_addresses=127.0.0.1 -p ${pgPort} -k ${pgDir} -c fsync=off -c max_connections=200`,
          'start',
        ]
  const [cmd, ...rest] = asPostgres(args)
  const r = spawnSync(cmd!, rest, { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`pg_ctl ${action} failed: ${r.stderr}`)
}

// ---- instances
type Instance = {
  name: string
  base: string
  child: ChildProcess
  exited: boolean
  out: () => string
}
function startInstance(name: string, port: number, env: Record<string, string>): Instance {
  let out = ''
  const child = spawn(process.execPath, [path.join(bundleDir, 'main.mjs')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'line',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'drill-admin-pass-1',
      STAFF_PASSWORD: staffPassword,
      ...env,
    },
  })
  const inst: Instance = {
    name,
    base: `http://127.0.0.1:${port}`,
    child,
    exited: false,
    out: () => out,
  }
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  child.on('exit', () => (inst.exited = true))
  return inst
}
async function call(base: string, p: string, init: RequestInit = {}, timeoutMs = 8000) {
  try {
    const res = await fetch(`${base}${p}`, { ...init, signal: AbortSignal.timeout(timeoutMs) })
    const text = await res.text()
    let body: Record<string, unknown> = {}
    try {
      body = JSON.parse(text) as Record<string, unknown>
    } catch {
      /* not JSON */
    }
    return { status: res.status, body }
  } catch {
    return { status: 0, body: {} }
  }
}
const readyz = async (i: Instance) => (await call(i.base, '/readyz', {}, 3000)).status
async function waitReady(i: Instance, limitMs: number) {
  const end = Date.now() + limitMs
  while (Date.now() < end) {
    if ((await readyz(i)) === 200) return true
    if (i.exited) return false
    await sleep(250)
  }
  return false
}
async function signIn(i: Instance) {
  const r = await call(i.base, '/api/User/Login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'staff', password: staffPassword }),
  })
  const token = (r.body.data as { Token?: string } | null)?.Token
  if (!token) throw new Error(`${i.name}: sign-in failed (${r.status} ${JSON.stringify(r.body)})`)
  return token
}

// ---- writers: one save after another, every answer counted
type Writer = {
  acked: string[]
  refused: string[]
  statuses: Map<string, number>
  /** time of each acknowledged save */
  ackTimes: number[]
  /** non-2xx answers without a message */
  silent: number
  /** answers to the saves sent during a window: status -> count */
  during: (from: number, to: number) => Map<number, number>
  stop: () => Promise<void>
}
function startWriter(i: Instance, token: string, prefix: string): Writer {
  const log: Array<{ sent: number; status: number }> = []
  const w: Writer = {
    acked: [],
    refused: [],
    statuses: new Map(),
    ackTimes: [],
    silent: 0,
    during(from, to) {
      const m = new Map<number, number>()
      for (const e of log)
        if (e.sent >= from && e.sent <= to) m.set(e.status, (m.get(e.status) ?? 0) + 1)
      return m
    },
    stop: async () => {
      running = false
      await loop
    },
  }
  let running = true
  let n = 0
  const loop = (async () => {
    while (running) {
      const orderNo = `${prefix}-${++n}`
      // the time it was sent: an answer read late (this process busy) still counts where it began
      const sent = Date.now()
      const r = await call(i.base, '/api/PostData/PostCommon', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          lang: 'en',
        },
        body: JSON.stringify({
          postUrl: 'SaveOrder',
          postData: {
            insertRecords: [{ OrderNo: orderNo, Customer: 'drill', PartName: 'p', Quantity: 1 }],
          },
        }),
      })
      const at = Date.now()
      log.push({ sent, status: r.status })
      const ok = r.status === 200 && Number(r.body.code) === 200
      if (ok) {
        w.acked.push(orderNo)
        w.ackTimes.push(at)
      } else {
        w.refused.push(orderNo)
        const key = `${r.status}${r.body.cause ? ` (${String(r.body.cause)})` : ''}`
        w.statuses.set(key, (w.statuses.get(key) ?? 0) + 1)
        if (r.status !== 0 && !(typeof r.body.msg === 'string' && r.body.msg)) w.silent++
      }
      await sleep(ok ? 100 : 250)
    }
  })()
  return w
}
const firstAckAfter = (w: Writer, t: number) => w.ackTimes.find((a) => a >= t)
const fmtStatuses = (m: Map<string, number>) =>
  [...m].map(([k, v]) => `${k}: ${v}`).join(', ') || 'none'

// ---- the PostgreSQL part
async function postgresPart() {
  console.log(
    'PostgreSQL outage: two instances saving, PostgreSQL stopped for 15 s, a third started meanwhile',
  )
  if (!pgBin) {
    check(false, 'PostgreSQL server binaries found (apt-get install postgresql)')
    return
  }
  pgPort = await freePort()
  const r = spawnSync(path.join(root, 'scripts/pg-temp.sh'), ['start', pgDir, String(pgPort)], {
    encoding: 'utf8',
  })
  if (r.status !== 0) throw new Error(`could not start PostgreSQL: ${r.stderr}`)
  const url = r.stdout.trim()
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query('create database forgeline')
  await admin.end()
  const dbUrl = url.replace(/\/postgres$/, '/forgeline')
  const env = (n: string) => ({ DATABASE_URL: dbUrl, DATA_DIR: path.join(work, n) })
  // A reaches PostgreSQL through a proxy that can hang; its query bound is short (3 s) so its
  // answers during the hang come before this drill's own 8 s limit per call
  const proxy = await freezeProxy({ host: '127.0.0.1', port: pgPort })
  const a = startInstance('A', await freePort(), {
    ...env('a'),
    DATABASE_URL: dbUrl.replace(`:${pgPort}/`, `:${proxy.port}/`),
    DATABASE_QUERY_TIMEOUT_SECONDS: '3',
  })
  check(await waitReady(a, 60_000), 'instance A ready')
  const b = startInstance('B', await freePort(), env('b'))
  check(await waitReady(b, 60_000), 'instance B ready')
  const writers = [startWriter(a, await signIn(a), 'A'), startWriter(b, await signIn(b), 'B')]
  await sleep(4000)

  const down = Date.now()
  pgCtl('stop')
  console.log(`  PostgreSQL stopped at +0 s`)
  await sleep(2500)
  const readyDuring = [await readyz(a), await readyz(b)]
  check(
    readyDuring.every((s) => s === 503),
    `/readyz 503 on A and B during the outage (${readyDuring.join(', ')})`,
  )
  const c = startInstance('C', await freePort(), env('c'))
  await sleep(outageMs - (Date.now() - down))
  const during = writers.map((w) => w.during(down + 1000, Date.now()))
  pgCtl('start')
  const up = Date.now()
  console.log(`  PostgreSQL started again after ${secs(up - down)}`)

  const cReady = await waitReady(c, 40_000)
  const cReadyMs = Date.now() - up
  check(
    cReady,
    `instance C, started during the outage, ready ${secs(cReadyMs)} after PostgreSQL returned`,
  )
  const cWriter = cReady ? startWriter(c, await signIn(c), 'C') : undefined
  await sleep(10_000)
  for (const [k, w] of writers.entries()) {
    const name = k ? 'B' : 'A'
    const statuses = [...during[k]!.keys()].filter((s) => s !== 200)
    check(
      statuses.length > 0 && statuses.every((s) => s === 503),
      `${name}: saves during the outage answered ${statuses.join(', ') || 'nothing but 200'} (want 503)`,
    )
    check(w.silent === 0, `${name}: every refused save carried a message`)
    const back = firstAckAfter(w, up)
    check(
      back !== undefined && back - up <= 10_000,
      `${name}: saving again ${back ? secs(back - up) : 'never'} after PostgreSQL returned`,
    )
  }
  const outageLogs = [a.out(), b.out()]
  await hangPart(proxy, a, writers)
  await proxy.close()
  await Promise.all([...writers, ...(cWriter ? [cWriter] : [])].map((w) => w.stop()))
  check(
    cWriter !== undefined && cWriter.acked.length > 0,
    `C: ${cWriter?.acked.length ?? 0} saves acknowledged`,
  )
  for (const i of [a, b, c]) check(!i.exited, `instance ${i.name} alive (never exited)`)
  for (const [k, i] of [a, b].entries()) {
    const said = (outageLogs[k]!.match(/the database cannot be reached/g) ?? []).length
    check(said === 1, `${i.name}: the outage logged once (${said} lines)`)
  }

  const acked = [...writers, ...(cWriter ? [cWriter] : [])].flatMap((w) => w.acked)
  const reader = new pg.Client({ connectionString: dbUrl })
  await reader.connect()
  const { rows } = await reader.query<{ order_no: string }>(
    'select order_no from orders where order_no = any($1)',
    [acked],
  )
  const refusedStored = await reader.query(
    'select count(*)::int as n from orders where order_no = any($1)',
    [[...writers, ...(cWriter ? [cWriter] : [])].flatMap((w) => w.refused)],
  )
  await reader.end()
  const missing = acked.filter((o) => !rows.some((r) => r.order_no === o))
  console.log(
    `  saves: ${acked.length} acknowledged, ${rows.length} of them stored; refused: ${fmtStatuses(
      new Map([...writers, ...(cWriter ? [cWriter] : [])].flatMap((w) => [...w.statuses])),
    )} (${(refusedStored.rows[0] as { n: number }).n} of the refused were stored anyway)`,
  )
  check(missing.length === 0, `every acknowledged save stored (${missing.length} missing)`)
  for (const i of [a, b, c]) {
    if (!i.exited) i.child.kill('SIGTERM')
    if (i.exited || failures.length)
      console.log(`  --- ${i.name} log (tail) ---\n${i.out().slice(-1500)}`)
  }
  await sleep(1000)
  spawnSync(path.join(root, 'scripts/pg-temp.sh'), ['stop', pgDir])
}

// ---- A's database host hangs for 10 s (B, straight to PostgreSQL, is not concerned)
async function hangPart(
  proxy: Awaited<ReturnType<typeof freezeProxy>>,
  a: Instance,
  writers: Writer[],
) {
  console.log("  A's database host hangs for 10 s (the proxy forwards nothing, closes nothing)")
  const from = Date.now()
  proxy.freeze()
  await sleep(4000)
  const probes = [await readyz(a), (await call(a.base, '/healthz', {}, 3000)).status]
  check(
    probes[0] === 503 && probes[1] === 200,
    `A during the hang: /readyz ${probes[0]}, /healthz ${probes[1]} (want 503, 200)`,
  )
  await sleep(10_000 - (Date.now() - from))
  const during = [...writers[0]!.during(from + 500, Date.now()).keys()].filter((s) => s !== 200)
  proxy.thaw()
  const thawed = Date.now()
  console.log(`  the host answers again after ${secs(thawed - from)}`)
  await sleep(8000)
  check(
    during.length > 0 && during.every((s) => s === 503),
    `A: saves during the hang answered ${during.join(', ') || 'nothing but 200'} (want 503)`,
  )
  check((writers[1]!.during(from, thawed).get(200) ?? 0) > 0, 'B (not behind the hang) kept saving')
  const back = firstAckAfter(writers[0]!, thawed)
  check(
    back !== undefined && back - thawed <= 10_000,
    `A: saving again ${back ? secs(back - thawed) : 'never'} after the host answered`,
  )
}

// ---- the disk-full part (embedded database on a small tmpfs)
async function diskPart() {
  console.log('Full disk: an embedded-database instance on a 20 MB tmpfs, filled and freed')
  if (process.getuid?.() !== 0) {
    console.log('  skipped: mounting a tmpfs needs root (run as root to drill a full disk)')
    return
  }
  const dir = path.join(work, 'small-disk')
  fs.mkdirSync(dir)
  const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=20m', 'tmpfs', dir], {
    encoding: 'utf8',
  })
  if (mount.status !== 0) {
    check(false, `tmpfs mounted (${mount.stderr.trim()})`)
    return
  }
  const dataDir = path.join(dir, 'data')
  const d = startInstance('D', await freePort(), { DATA_DIR: dataDir })
  try {
    check(await waitReady(d, 60_000), 'instance D ready')
    const w = startWriter(d, await signIn(d), 'D')
    await sleep(2000)
    // fill the disk to the last byte
    const filler = path.join(dir, 'filler')
    const fd = fs.openSync(filler, 'w')
    const chunk = Buffer.alloc(64 * 1024, 1)
    try {
      for (;;) fs.writeSync(fd, chunk)
    } catch {
      /* ENOSPC */
    }
    for (let size = 4096; size >= 1; size >>= 1)
      try {
        for (;;) fs.writeSync(fd, chunk.subarray(0, size))
      } catch {
        /* ENOSPC */
      }
    fs.closeSync(fd)
    const full = Date.now()
    await sleep(4000)
    const during = w.during(full + 500, Date.now())
    const ready = await call(d.base, '/readyz')
    const statuses = [...during.keys()]
    // a save whose pages fit in space SQLite already holds (a WAL file the checkpointer has just
    // reset is written again from its start) still succeeds on a full disk: it is acknowledged
    // and stored (checked below with every acknowledged save); any other answer is a refusal,
    // and a refusal is the 507 with its message
    check(
      statuses.includes(507) && statuses.every((s) => s === 507 || s === 200),
      `saves on a full disk answered ${[...during].map(([s, n]) => `${s} x${n}`).join(', ')} (want 507, or 200 for what still fits)`,
    )
    check(
      ready.status === 503 && ready.body.cause === 'storage',
      `/readyz ${ready.status} (${String(ready.body.cause)}) while the disk is full`,
    )
    const named = /storage full/.test(d.out())
    const rollbackFlood = (d.out().match(/cannot rollback/g) ?? []).length
    check(
      named && rollbackFlood === 0,
      `the log names the full storage (${rollbackFlood} rollback errors)`,
    )
    const list = await call(d.base, '/readyz')
    void list
    fs.rmSync(filler)
    const freed = Date.now()
    await sleep(6000)
    const back = firstAckAfter(w, freed)
    check(
      back !== undefined && back - freed <= 5000,
      `writes back ${back ? secs(back - freed) : 'never'} after space was freed`,
    )
    check((await readyz(d)) === 200, '/readyz 200 again')
    await w.stop()
    check(!d.exited, 'instance D alive')
    d.child.kill('SIGTERM')
    await new Promise((r) => (d.exited ? r(null) : d.child.once('exit', r)))
    const { default: SQLite } = await import('better-sqlite3')
    const file = new SQLite(path.join(dataDir, 'forgeline.db'), { readonly: true })
    const integrity = file.pragma('integrity_check', { simple: true })
    const stored = new Set(
      (
        file.prepare(`select order_no from orders where order_no like 'D-%'`).all() as {
          order_no: string
        }[]
      ).map((r) => r.order_no),
    )
    file.close()
    const missing = w.acked.filter((o) => !stored.has(o))
    console.log(
      `  saves: ${w.acked.length} acknowledged, ${w.acked.length - missing.length} of them stored; refused: ${fmtStatuses(w.statuses)}`,
    )
    check(missing.length === 0, `every acknowledged save stored (${missing.length} missing)`)
    check(integrity === 'ok', `PRAGMA integrity_check: ${String(integrity)}`)
    if (failures.length) console.log(`  --- D log (tail) ---\n${d.out().slice(-1500)}`)
  } finally {
    if (!d.exited) d.child.kill('SIGKILL')
    await sleep(500)
    spawnSync('umount', [dir])
  }
}

const started = Date.now()
try {
  compile()
  await postgresPart()
  await diskPart()
} catch (e) {
  failures.push(String((e as Error).message))
  console.error(e)
} finally {
  if (pgBin && fs.existsSync(path.join(pgDir, 'data')))
    spawnSync(path.join(root, 'scripts/pg-temp.sh'), ['stop', pgDir])
  fs.rmSync(bundleDir, { recursive: true, force: true })
  fs.rmSync(work, { recursive: true, force: true })
}
console.log(
  `drill:faults ${failures.length ? `FAILED (${failures.length})` : 'passed'} in ${secs(Date.now() - started)}`,
)
process.exit(failures.length ? 1 : 0)
