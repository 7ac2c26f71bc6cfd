import { sql, type Kysely } from 'kysely'
import type { Dialect } from './column-types.ts'

/**
 * State several instances share through PostgreSQL: rate-limit counters
 * (`rate_limit`, one fixed window per key) and uploaded files (`upload_file`). Created in
 * SQLite too so both schemas match; the embedded database keeps counters in memory and
 * files in DATA_DIR/uploads.
 */
export function clusterSharedState(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rate_limit')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        // milliseconds since 1970: when the window of `hits` ends
        .addColumn('reset_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('rate_limit_reset_at')
        .on('rate_limit')
        .column('reset_at')
        .execute()
      await db.schema
        .createTable('upload_file')
        // the URL path under /uploads/, e.g. 2026-05/0123abcd.png
        .addColumn('path', 'text', (c) => c.primaryKey())
        .addColumn('data', dialect === 'postgres' ? sql`bytea` : 'blob', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('etag', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
    },
  }
}
