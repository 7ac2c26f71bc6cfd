import { sql, type Kysely } from 'kysely'
import type { Dialect } from './column-types.ts'

/**
 * Retention and abuse limits:
 * - `sessions.family_started_at`: when the sign-in that began a refresh-token family happened,
 *   carried along every rotation, so a family has an absolute lifetime even after its first
 *   rows are pruned. Existing families start at their oldest row.
 * - `system_log.repeat_count`: repeated refusals from one address collapse into one row a
 *   minute that counts them.
 * - indexes the scheduled pruning deletes by.
 */
export function retention(_dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      await db.schema.alterTable('sessions').addColumn('family_started_at', 'text').execute()
      await sql`update sessions set family_started_at = (
        select min(s2.created_at) from sessions s2 where s2.family_id = sessions.family_id
      )`.execute(db)
      await db.schema
        .createIndex('sessions_refresh_expires')
        .on('sessions')
        .column('refresh_expires_at')
        .execute()
      await db.schema
        .alterTable('system_log')
        .addColumn('repeat_count', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
    },
  }
}
