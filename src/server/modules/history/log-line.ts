import type { Kysely } from 'kysely'
import { historyRecordTypes } from '#shared/contract/history'
import type { Database } from '../../db/schema.ts'
import { trackedOf } from './tracked.ts'

/** A save's history rows are written in its transaction, before its log line: this long before it at most. */
const windowMs = 120_000

/**
 * What an operation-log line of a save that removed records names: its account, the
 * record types the save keeps history of, and the time window its deletions were recorded in.
 * Undefined when the line is not such a save (`PostCommon Save…` with `removed N`, N > 0).
 */
export async function logLineDeletions(db: Kysely<Database>, logId: number) {
  const line = await db
    .selectFrom('system_log')
    .select(['account', 'operation', 'result', 'created_at'])
    .where('id', '=', logId)
    .executeTakeFirst()
  if (!line) return undefined
  const op = /^PostCommon (\w+)$/.exec(line.operation)?.[1]
  const removed = Number(/removed (\d+)/.exec(line.result)?.[1] ?? 0)
  if (!op || removed === 0) return undefined
  const kind = /^Save(\w+)$/.exec(op)?.[1]
  const types = [
    ...new Set([trackedOf(op)?.type, historyRecordTypes.find((t) => t === kind)]),
  ].filter((t): t is (typeof historyRecordTypes)[number] => !!t)
  if (types.length === 0) return undefined
  const at = new Date(String(line.created_at)).getTime()
  if (Number.isNaN(at)) return undefined
  return {
    account: line.account,
    types,
    /** the newest this many deletions in the window are the line's */
    removed,
    from: new Date(at - windowMs).toISOString(),
    to: new Date(at + 1000).toISOString(),
  }
}
