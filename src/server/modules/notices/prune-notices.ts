import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

/** Rows deleted per statement: a first run on a large database never holds one long lock. */
const batch = 5000

/**
 * Deletes the recipient rows of notices read before `cutoff` (ISO time; NOTICE_RETENTION_DAYS),
 * in batches through the partial index on read_at, then the notices none of whose recipients is
 * left. Unread notices are never deleted. The counters (notice_count) follow by trigger in
 * each statement. Returns the recipient rows deleted.
 */
export async function pruneReadNotices(db: Kysely<Database>, cutoff: string): Promise<number> {
  let deleted = 0
  for (;;) {
    const rows = await db
      .deleteFrom('notice_recipient')
      .where('is_read', '=', 1)
      .where('read_at', '<', cutoff)
      .where('notice_id', 'in', (eb) =>
        eb
          .selectFrom('notice_recipient')
          .select('notice_id')
          .where('is_read', '=', 1)
          .where('read_at', '<', cutoff)
          .limit(batch),
      )
      .returning('notice_id')
      .execute()
    if (rows.length === 0) return deleted
    deleted += rows.length
    const ids = [...new Set(rows.map((r) => r.notice_id))]
    for (let i = 0; i < ids.length; i += 500) {
      await db
        .deleteFrom('notice')
        .where('id', 'in', ids.slice(i, i + 500))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('notice_recipient as r')
                .select('r.notice_id')
                .whereRef('r.notice_id', '=', 'notice.id'),
            ),
          ),
        )
        .execute()
    }
  }
}
