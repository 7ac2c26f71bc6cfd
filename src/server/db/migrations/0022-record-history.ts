import { sql, type Kysely } from 'kysely'
import { withId, type Dialect } from './column-types.ts'

/**
 * Record history: one row per create, update, delete, audit/un-audit or import of a
 * record of the order family, content or system settings, written in the transaction of the
 * change. `record_id` is text (an Id, a role code, `about`). `changes` is JSON `[{field, old, new}]` (contract field names). Indexed by record and
 * time (a record's history, newest first) and by time alone (HISTORY_RETENTION_DAYS pruning).
 * A new, empty table: safe on a large existing database.
 */
export function recordHistory(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('record_history'), dialect)
        .addColumn('record_type', 'text', (c) => c.notNull())
        .addColumn('record_id', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('user_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('how', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute()
      await sql`create index record_history_record on record_history (record_type, record_id, at, id)`.execute(
        db,
      )
      await sql`create index record_history_at on record_history (at)`.execute(db)
    },
  }
}
