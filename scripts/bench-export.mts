// `npx tsx scripts/bench-export.mts`: the Excel export of a large order grid. Fills a
// throwaway DATA_DIR (SQLite) with 100,000 orders (BENCH_ROWS), starts the server as its own
// process (`node --import tsx src/server/main.ts`, so its pid is the server's), signs in, records
// the server's RSS, then exports the whole order grid while asking /healthz every 20 ms (one at a
// time) and sampling /proc/<pid>/status. Prints JSON: export time, bytes and rows in the file (read
// back with exceljs' streaming reader), RSS before / peak sampled / VmHWM, and /healthz p50, p99 and
// max during the export. Targets: every row in the file, RSS growth < 150 MB, /healthz
// within 100 ms throughout.
// BENCH_DATABASE_URL (a PostgreSQL server) runs it on a throwaway database there instead of SQLite.
// BENCH_ROOT runs the server of another checkout (e.g. /work/main for the code before), BENCH_SORT
// exports with a sort (e.g. "Customer").
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import { sql } from 'kysely'
import { loadConfig } from '../src/server/config.ts'
import { migrateToLatest } from '../src/server/db/migrate.ts'
import { openPostgres, openSqlite } from '../src/server/db/open.ts'
import { seedDatabase } from '../src/server/db/seed/seed.ts'
import { createPgDatabase } from '../tests/server/helpers/test-app.ts'
import { pollLatency } from './bench/poll-latency.mts'
import { benchSignIn, startBenchServer } from './bench/start-server.mts'

const rows = Math.min(Number(process.env.BENCH_ROWS ?? 100_000), 1_000_000)
const serverRoot = path.resolve(process.env.BENCH_ROOT ?? path.join(import.meta.dirname, '..'))
const sort = process.env.BENCH_SORT
const passwords = {
  ADMIN_PASSWORD: 'bench-admin-pass',
  EDITOR_PASSWORD: 'bench-editor-pass',
  STAFF_PASSWORD: 'bench-staff-pass',
}

const hardStop = setTimeout(() => {
  console.error('bench-export did not finish within 600 s; stopping')
  process.exit(2)
}, 600_000)

// 1. the data: accounts, then `rows` orders in one statement
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-bench-export-'))
const pg = process.env.BENCH_DATABASE_URL
  ? await createPgDatabase(process.env.BENCH_DATABASE_URL)
  : undefined
const database: Record<string, string> = pg ? { DATABASE_URL: pg.url } : {}
{
  const t0 = performance.now()
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...passwords,
    CLIENT_DIR: path.join(dataDir, 'client'),
    ...database,
  })
  const db = pg ? await openPostgres(pg.url) : await openSqlite(dataDir)
  await migrateToLatest(db.db, db.dialect)
  await seedDatabase(db, config, () => {})
  await sql`insert into orders (order_no, customer, part_name, quantity, unit_price, total_sum, price_sign, job_start_time, rough_forging, workshop, workshop_supervisor, supervisor_material_qty, supervisor_price, audit_status, remark, created_at)
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(rows)})
    select 'FG' || substr(cast(10000000 + i as text), 2),
      case i % 5 when 0 then '常州精锻' when 1 then '无锡锻压' when 2 then 'ACME Automotive' when 3 then '上海汽配' else 'Bosch Nanjing' end,
      '法兰 F-' || cast(i % 300 as text), 100 + i % 900, 5.125, (100 + i % 900) * 5.125, '¥', '2025-03-01', i % 2, 1 + i % 2,
      '主管' || cast(i % 12 as text), i % 50, 7.5, (i % 3) - 1, case when i % 7 = 0 then '加急 urgent' else '' end,
      '2025-01-01T08:00:00.000Z'
    from n`.execute(db.db)
  await db.close()
  console.error(`filled ${rows} orders in ${Math.round(performance.now() - t0)} ms`)
}

// 2. the server, its own process
const { child, base } = await startBenchServer(serverRoot, {
  DATA_DIR: dataDir,
  ...passwords,
  ...database,
})
const status = () => fs.readFileSync(`/proc/${child.pid}/status`, 'utf8')
const kb = (field: string, text = status()) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0)
const mb = (k: number) => Math.round(k / 102.4) / 10

try {
  const token = await benchSignIn(base, 'staff', passwords.STAFF_PASSWORD)
  // warm: the spreadsheet library is loaded at the first export; a small export loads it
  await (
    await fetch(`${base}/api/Order/Export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ keyword: 'FG0000001' }),
    })
  ).arrayBuffer()
  for (let i = 0; i < 20; i++) await (await fetch(`${base}/healthz`)).arrayBuffer()
  const rssBefore = kb('VmRSS')
  const hwmBefore = kb('VmHWM')

  // 3. the export, with /healthz and /proc sampled alongside
  const t0 = performance.now()
  let rssPeak = rssBefore
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, kb('VmRSS'))), 20)
  const healthz = pollLatency(`${base}/healthz`)
  const eventLoop = pollLatency(`${base}/api/publicKey`)
  const res = await fetch(`${base}/api/Order/Export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, lang: 'zh', 'content-type': 'application/json' },
    body: JSON.stringify(sort ? { sort } : {}),
  })
  const firstByteMs = performance.now() - t0
  const file = Buffer.from(await res.arrayBuffer())
  const exportMs = performance.now() - t0
  const [health, loopFigures] = [await healthz.stop(), await eventLoop.stop()]
  clearInterval(sampler)
  rssPeak = Math.max(rssPeak, kb('VmRSS'))
  const hwmAfter = kb('VmHWM')

  // 4. the file, read back row by row
  let fileRows = -1 // the header row does not count
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
  })
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<unknown>) if (row) fileRows++
  }

  console.log(
    JSON.stringify(
      {
        server: serverRoot,
        database: pg ? 'postgresql' : 'sqlite',
        sort: sort ?? '(none: newest first)',
        status: res.status,
        totalHeader: res.headers.get('x-total-count'),
        ordersInDatabase: rows,
        rowsInFile: fileRows,
        exportSeconds: Math.round(exportMs) / 1000,
        firstByteSeconds: Math.round(firstByteMs) / 1000,
        fileMB: Math.round(file.length / 104857.6) / 10,
        rssBeforeMB: mb(rssBefore),
        rssPeakSampledMB: mb(rssPeak),
        rssGrowthMB: mb(rssPeak - rssBefore),
        vmHwmBeforeMB: mb(hwmBefore),
        vmHwmAfterMB: mb(hwmAfter),
        healthz: health,
        publicKey: loopFigures,
        loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
        node: process.version,
        cpus: os.cpus().length,
        date: new Date().toISOString(),
      },
      null,
      2,
    ),
  )
} finally {
  clearTimeout(hardStop)
  if (child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
  await pg?.drop()
}
