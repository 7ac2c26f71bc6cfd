import type BetterSqlite3 from 'better-sqlite3'

/**
 * A second, read-only connection to the embedded database for `/healthz`. The app's
 * one connection is held by a write transaction (an import) until it commits, and every other
 * query waits for it on Kysely's connection mutex; in WAL mode a reader beside the writer reads
 * the last committed state at once (never the transaction's uncommitted rows). It reads no app
 * data and goes through no Kysely plugin, so the read cache and the sign-in cache never see it.
 * Opened at the first ping (scripts that open the database never ping).
 */
export function sqliteReader(SQLite: typeof BetterSqlite3, file: string) {
  let reader: BetterSqlite3.Database | undefined
  return {
    ping() {
      reader ??= new SQLite(file, { readonly: true, fileMustExist: true })
      // reads the schema page: the file is there and readable
      reader.prepare('select count(*) from sqlite_schema').get()
    },
    close() {
      reader?.close()
      reader = undefined
    },
  }
}
