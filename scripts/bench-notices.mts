// `npm run bench:notices`: CPU per notice-badge request (`POST /api/Notice/GetList`, unread page of
// 10, as the bell asks on every staff page) on the demo data, then with 100,000 more unread notices
// for the same user, in-process through `app.inject` (no network), on a throwaway SQLite DATA_DIR,
// and on PostgreSQL too when BENCH_DATABASE_URL names a server (a throwaway database is made and
// dropped there). Prints per database: median and p90 CPU ms per request (process.cpuUsage, server
// and - on SQLite - database alike, both in this process; on PostgreSQL the database's own CPU is
// not in the figure) and the ratio large/demo. BENCH_REQUESTS (default 200) and BENCH_NOTICES
// (default 100,000) override the sizes.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { buildApp } from '../src/server/app.ts'
import { loadConfig } from '../src/server/config.ts'
import { migrateToLatest } from '../src/server/db/migrate.ts'
import { openPostgres, openSqlite, type Db } from '../src/server/db/open.ts'
import { seedDatabase } from '../src/server/db/seed/seed.ts'
import { issueTokens } from '../src/server/modules/auth/session-repository.ts'

const requests = Math.min(Number(process.env.BENCH_REQUESTS ?? 200), 10_000)
const extra = Math.min(Number(process.env.BENCH_NOTICES ?? 100_000), 1_000_000)

/** `extra` unread notices for one user, in one statement per table (the schema before or after 0019). */
async function addNotices(db: Db, userId: number) {
  const first =
    Number(
      (await sql<{ m: number | null }>`select max(id) as m from notice`.execute(db.db)).rows[0]!
        .m ?? 0,
    ) + 1
  const series =
    db.dialect === 'postgres'
      ? sql`select g as i from generate_series(0, ${extra - 1}) g`
      : sql`with recursive s(i) as (select 0 union all select i + 1 from s where i < ${extra - 1}) select i from s`
  await sql`insert into notice (id, msg, msg_en, create_type, order_id, order_no, created_at)
    select ${first} + i, 'bulk notice', 'bulk notice', i % 4, 1, 'B-1', '2025-01-01T00:00:00.000Z' from (${series}) s`.execute(
    db.db,
  )
  if (db.dialect === 'postgres')
    await sql`select setval(pg_get_serial_sequence('notice', 'id'), (select max(id) from notice))`.execute(
      db.db,
    )
  const copies = await sql`select create_type from notice_recipient where 1 = 0`
    .execute(db.db)
    .then(
      () => true,
      () => false,
    )
  if (copies)
    await sql`insert into notice_recipient (notice_id, user_id, is_read, read_at, create_type, created_at)
      select id, ${userId}, 0, null, create_type, created_at from notice where id >= ${first}`.execute(
      db.db,
    )
  else
    await sql`insert into notice_recipient (notice_id, user_id, is_read, read_at) select id, ${userId}, 0, null from notice where id >= ${first}`.execute(
      db.db,
    )
  await sql`analyze`.execute(db.db)
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!

async function measure(app: Awaited<ReturnType<typeof buildApp>>, token: string) {
  const call = () =>
    app.inject({
      method: 'POST',
      url: '/api/Notice/GetList',
      payload: { pageIndex: 1, pageSize: 10, isAll: false },
      headers: { authorization: `Bearer ${token}` },
    })
  for (let i = 0; i < 20; i++) await call()
  const cpu: number[] = []
  let unread = 0
  for (let i = 0; i < requests; i++) {
    const before = process.cpuUsage()
    const res = await call()
    const used = process.cpuUsage(before)
    cpu.push((used.user + used.system) / 1000)
    if (res.statusCode !== 200) throw new Error(`GetList answered ${res.statusCode}: ${res.body}`)
    unread = (res.json() as { data: { UnreadCount: number } }).data.UnreadCount
  }
  return { medianMs: +quantile(cpu, 0.5).toFixed(3), p90Ms: +quantile(cpu, 0.9).toFixed(3), unread }
}

async function run(kind: 'sqlite' | 'postgres', pgBase?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-bench-notices-'))
  let pgDb: { url: string; name: string } | undefined
  if (pgBase) {
    const name = `forgeline_bench_notices_${process.pid}`
    const c = new pg.Client({ connectionString: pgBase })
    await c.connect()
    await c.query(`CREATE DATABASE ${name}`)
    await c.end()
    const url = new URL(pgBase)
    url.pathname = `/${name}`
    pgDb = { url: url.toString(), name }
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'bench-admin-pass',
    CLIENT_DIR: path.join(dataDir, 'client'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  })
  const db = pgDb ? await openPostgres(pgDb.url) : await openSqlite(dataDir)
  try {
    await migrateToLatest(db.db, db.dialect)
    await seedDatabase(db, config, () => {})
    const app = await buildApp({ config, db })
    await app.ready()
    const admin = await db.db
      .selectFrom('users')
      .select('id')
      .where('login_name', '=', 'admin')
      .executeTakeFirstOrThrow()
    const { Token } = await issueTokens(db.db, {
      userId: admin.id,
      ip: '127.0.0.1',
      accessTtl: 3600,
      refreshTtl: 3600,
    })
    const demo = await measure(app, Token)
    const t0 = Date.now()
    await addNotices(db, admin.id)
    const seeded = Date.now() - t0
    const large = await measure(app, Token)
    await app.close()
    return {
      database: kind,
      requests,
      demo,
      large,
      seedMs: seeded,
      ratio: +(large.medianMs / demo.medianMs).toFixed(2),
    }
  } finally {
    await db.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
    if (pgDb && pgBase) {
      const c = new pg.Client({ connectionString: pgBase })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${pgDb.name} WITH (FORCE)`)
      await c.end()
    }
  }
}

const results = [await run('sqlite')]
if (process.env.BENCH_DATABASE_URL)
  results.push(await run('postgres', process.env.BENCH_DATABASE_URL))
console.log(JSON.stringify(results, null, 2))
