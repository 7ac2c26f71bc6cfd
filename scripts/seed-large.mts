// npm run seed:large [-- --scale 0.1]: fills the configured database (DATA_DIR's SQLite file, or
// DATABASE_URL) with a factory's years of data, after migrating and seeding it like a
// start would. Refuses to run twice on one database. On SQLite the WAL stays under
// SQLITE_WAL_MAX_MB (the writer waits for a checkpoint that empties it); the largest WAL seen is
// printed at the end.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../src/server/config.ts'
import { unboundedDatabaseTimeouts } from '../src/server/config-database.ts'
import { createDataDir } from '../src/server/data-dir.ts'
import { migrateToLatest } from '../src/server/db/migrate.ts'
import { openPostgres, openSqlite } from '../src/server/db/open.ts'
import { countsAt } from '../src/server/db/seed/large/generate.ts'
import { seedLarge } from '../src/server/db/seed/large/generate.ts'
import { seedDatabase } from '../src/server/db/seed/seed.ts'

const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' } } })
const scale = Number(values.scale)
if (!(scale > 0 && scale <= 10)) {
  console.error('--scale must be a number above 0 and at most 10')
  process.exit(1)
}
const config = loadConfig()
if (!config.databaseUrl) createDataDir(config.dataDir)
const db = config.databaseUrl
  ? // a statement of a large fill (a batch, the final ANALYZE) may take longer than a request's bound
    await openPostgres(config.databaseUrl, { timeouts: unboundedDatabaseTimeouts })
  : await openSqlite(config.dataDir, {
      readCache: false,
      synchronous: 'normal',
      walMaxBytes: config.sqliteWalMaxMb * 1024 * 1024,
      // a transaction of 5,000 orders with their records wrote up to 140 MB of WAL with the
      // server's 1 MB cache (pages spilled and written again); nobody waits on this event loop
      transactionCacheKiB: 256 * 1024,
    })
const walWatch = watchWal()
try {
  await migrateToLatest(db.db, db.dialect)
  await seedDatabase(db, config, (line) => console.log(line))
  const key = 'large_seeded_at'
  const done = await db.db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst()
  if (done) {
    console.error(`This database already holds the large data set (added ${done.value}).`)
    process.exitCode = 1
  } else {
    const counts = countsAt(scale)
    const where = config.databaseUrl ? new URL(config.databaseUrl).host : config.dataDir
    console.log(`Adding ${JSON.stringify(counts)} to ${db.dialect} at ${where}`)
    const started = Date.now()
    await seedLarge(db.db, counts, { print: (line) => console.log(line) })
    await db.db.insertInto('app_meta').values({ key, value: new Date().toISOString() }).execute()
    if (db.dialect === 'postgres') await sqlAnalyze(db.db)
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  }
} finally {
  walWatch.stop()
  await db.close()
}

/** The largest size the SQLite WAL file reached while seeding (looked at every 50 ms). */
function watchWal() {
  if (config.databaseUrl) return { stop() {} }
  const wal = path.join(config.dataDir, 'forgeline.db-wal')
  let largest = 0
  const look = () => {
    try {
      largest = Math.max(largest, fs.statSync(wal).size)
    } catch {
      /* no WAL yet */
    }
  }
  const timer = setInterval(look, 50)
  return {
    stop() {
      clearInterval(timer)
      look()
      const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`
      console.log(
        `WAL: largest ${mb(largest)} (bound SQLITE_WAL_MAX_MB=${config.sqliteWalMaxMb} MB)`,
      )
    },
  }
}

async function sqlAnalyze(k: typeof db.db) {
  const { sql } = await import('kysely')
  await sql`analyze`.execute(k)
}
