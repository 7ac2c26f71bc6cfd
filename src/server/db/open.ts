import path from 'node:path'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import type { Dialect } from './migrations/column-types.ts'
import type { Database } from './schema.ts'

export type Db = {
  db: Kysely<Database>
  dialect: Dialect
  close: () => Promise<void>
}

export const sqliteFileName = 'forgeline.db'

/** Opens the embedded SQLite database in dataDir (WAL, foreign keys on). */
export async function openSqlite(dataDir: string): Promise<Db> {
  const { default: SQLite } = await import('better-sqlite3')
  const file = new SQLite(path.join(dataDir, sqliteFileName))
  file.pragma('journal_mode = WAL')
  file.pragma('foreign_keys = ON')
  file.pragma('busy_timeout = 5000')
  file.pragma('synchronous = NORMAL')
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) })
  return { db, dialect: 'sqlite', close: () => db.destroy() }
}

/** Connects to PostgreSQL and checks the connection works before returning. */
export async function openPostgres(url: string): Promise<Db> {
  const pg = await import('pg')
  // int8 (count) and numeric come back as strings by default; they fit in a JS number here.
  pg.default.types.setTypeParser(20, (v: string) => Number(v))
  pg.default.types.setTypeParser(1700, (v: string) => Number(v))
  const pool = new pg.default.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 })
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  })
  const client = await pool.connect()
  client.release()
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return { db, dialect: 'postgres', close: () => db.destroy() }
}
