import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './migrations/column-types.ts'
import { unboundedQueries } from './query-bounds.ts'
import { init } from './migrations/0001-init.ts'
import { wechat } from './migrations/0002-wechat.ts'
import { menu } from './migrations/0003-menu.ts'
import { orderGrids } from './migrations/0004-order-grids.ts'
import { system } from './migrations/0005-system.ts'
import { contentSpecs } from './migrations/0006-content-specs.ts'
import { retention } from './migrations/0006-retention.ts'
import { siteForms } from './migrations/0007-site-forms.ts'
import { clusterSharedState } from './migrations/0008-cluster-shared-state.ts'
import { departmentNameEn } from './migrations/0009-department-name-en.ts'
import { purchaseUnit } from './migrations/0010-purchase-unit.ts'
import { smsCodes } from './migrations/0011-sms-codes.ts'
import { columnPrefs } from './migrations/0012-column-prefs.ts'
import { suggestIndexes } from './migrations/0013-suggest-indexes.ts'
import { gridFiles } from './migrations/0014-grid-files.ts'
import { orderCustomerArea } from './migrations/0015-order-customer-area.ts'
import { uniqueMobile } from './migrations/0016-unique-mobile.ts'
import { sessionWechat } from './migrations/0017-session-wechat.ts'
import { gridIndexes } from './migrations/0018-grid-indexes.ts'
import { noticeCounts } from './migrations/0019-notice-counts.ts'
import { textSearch } from './migrations/0020-text-search.ts'
import { pushSubscriptions } from './migrations/0021-push-subscriptions.ts'
import { recordHistory } from './migrations/0022-record-history.ts'
import { signInNotify } from './migrations/0024-sign-in-notify.ts'
import { shortKeywords } from './migrations/0025-short-keywords.ts'
import { twoCharacterKeywords } from './migrations/0026-two-character-keywords.ts'
import { rowVersion } from './migrations/0027-row-version.ts'
import { pushSession } from './migrations/0028-push-session.ts'
import type { Database } from './schema.ts'

/** Every migration in order; names sort in the order they run. */
type Migrations = Record<string, Migration>

export function migrations(dialect: Dialect): Migrations {
  return {
    '0001-init': init(dialect),
    '0002-wechat': wechat(dialect),
    '0003-menu': menu(dialect),
    '0004-order-grids': orderGrids(dialect),
    '0005-system': system(dialect),
    '0006-content-specs': contentSpecs(dialect),
    '0006-retention': retention(dialect),
    '0007-site-forms': siteForms(dialect),
    '0008-cluster-shared-state': clusterSharedState(dialect),
    '0009-department-name-en': departmentNameEn(dialect),
    '0010-purchase-unit': purchaseUnit(dialect),
    '0011-sms-codes': smsCodes(dialect),
    '0012-column-prefs': columnPrefs(dialect),
    '0013-suggest-indexes': suggestIndexes(dialect),
    '0014-grid-files': gridFiles(dialect),
    '0015-order-customer-area': orderCustomerArea(dialect),
    '0016-unique-mobile': uniqueMobile(dialect),
    '0017-session-wechat': sessionWechat(dialect),
    '0018-grid-indexes': gridIndexes(dialect),
    '0019-notice-counts': noticeCounts(dialect),
    '0020-text-search': textSearch(dialect),
    '0021-push-subscriptions': pushSubscriptions(dialect),
    '0022-record-history': recordHistory(dialect),
    '0024-sign-in-notify': signInNotify(dialect),
    '0025-short-keywords': shortKeywords(dialect),
    '0026-two-character-keywords': twoCharacterKeywords(dialect),
    '0027-row-version': rowVersion(dialect),
    '0028-push-session': pushSession(dialect),
  }
}

/** Kysely's bookkeeping table, kept so databases migrated by earlier versions carry on. */
const table = 'kysely_migration'
/** PostgreSQL advisory lock key: instances starting together migrate one at a time. */
const pgLockKey = 7_482_021_515

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bookkeeping table is not in the app schema
type AnyDb = Kysely<any>

/**
 * On PostgreSQL: lifts the server's statement bound for this transaction (an index over a
 * large table may take minutes; pg-options.ts), then takes the migration lock.
 */
async function lockPg(trx: AnyDb, dialect: Dialect) {
  if (dialect !== 'postgres') return
  await sql`set local statement_timeout = 0`.execute(trx)
  await sql`select pg_advisory_xact_lock(${sql.lit(pgLockKey)})`.execute(trx)
}

async function applied(db: AnyDb): Promise<string[]> {
  const rows = await db.selectFrom(table).select('name').execute()
  return rows.map((r: { name: string }) => r.name)
}

/**
 * Test-only hook (FORGELINE_TEST_PAUSE_MIGRATION=name): stops inside that migration's
 * transaction, after its changes and before its commit, so the crash suite can kill the process
 * mid-upgrade. Prints one line so the test knows when.
 */
async function pauseForTests(name: string) {
  if (process.env.FORGELINE_TEST_PAUSE_MIGRATION !== name) return
  console.log(`migration ${name} paused (FORGELINE_TEST_PAUSE_MIGRATION)`)
  await new Promise((resolve) => setTimeout(resolve, 600_000))
}

/**
 * Brings the schema up to date; throws with the failing migration's name.
 * Each migration runs in its own transaction together with its bookkeeping row, on SQLite
 * (whose DDL is transactional) as on PostgreSQL: a process killed or failing half-way leaves
 * the database as it was before that migration, and the next start runs it again from the
 * beginning. On PostgreSQL an advisory lock makes instances that start together take turns.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: Dialect,
  list = migrations(dialect),
): Promise<void> {
  // no client-side bound either: a long migration is not a database that hangs (query-bounds.ts)
  return unboundedQueries(() => migrate(db, dialect, list))
}

async function migrate(db: Kysely<Database>, dialect: Dialect, list: Migrations): Promise<void> {
  const anyDb = db as unknown as AnyDb
  await anyDb.transaction().execute(async (trx) => {
    await lockPg(trx, dialect)
    await trx.schema
      .createTable(table)
      .ifNotExists()
      .addColumn('name', 'varchar(255)', (c) => c.notNull().primaryKey())
      .addColumn('timestamp', 'varchar(255)', (c) => c.notNull())
      .execute()
  })
  const names = Object.keys(list).sort()
  const done = new Set(await applied(anyDb))
  const unknown = [...done].filter((n) => !(n in list))
  if (unknown.length > 0) {
    throw new Error(
      `Database migration ${unknown.join(', ')} is newer than this version of Forgeline; run the newer version`,
    )
  }
  for (const name of names) {
    if (done.has(name)) continue
    try {
      await anyDb.transaction().execute(async (trx) => {
        await lockPg(trx, dialect)
        // another instance may have run it while this one waited for the lock
        const row = await trx
          .selectFrom(table)
          .select('name')
          .where('name', '=', name)
          .executeTakeFirst()
        if (row) return
        await list[name]!.up(trx)
        await trx.insertInto(table).values({ name, timestamp: new Date().toISOString() }).execute()
        await pauseForTests(name)
      })
    } catch (e) {
      throw new Error(`Database migration ${name} failed: ${String(e)}`)
    }
  }
}
