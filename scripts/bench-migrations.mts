// npm run bench:migrations: applies the migrations the configured database (DATA_DIR's SQLite
// file, or DATABASE_URL) has not had yet and prints how long they took. To time a new migration
// on a factory's data: seed a database with `npm run seed:large` from a checkout before the
// migration, then run this from the checkout that adds it (docs/performance.md, "Migrations on
// large data").
import { loadConfig } from '../src/server/config.ts'
import { migrateToLatest } from '../src/server/db/migrate.ts'
import { openPostgres, openSqlite } from '../src/server/db/open.ts'

const config = loadConfig()
const db = config.databaseUrl
  ? await openPostgres(config.databaseUrl)
  : await openSqlite(config.dataDir, { readCache: false })
try {
  const pending = async () =>
    (await db.db.introspection.getTables({ withInternalKyselyTables: true })).some(
      (t) => t.name === 'kysely_migration',
    )
      ? (
          await db.db
            .selectFrom('kysely_migration' as never)
            .select('name' as never)
            .execute()
        ).length
      : 0
  const before = await pending()
  const started = process.hrtime.bigint()
  await migrateToLatest(db.db, db.dialect)
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  const after = await pending()
  console.log(`${db.dialect}: ${after - before} migrations applied in ${ms.toFixed(0)} ms`)
} finally {
  await db.close()
}
