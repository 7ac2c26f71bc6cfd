import type { Kysely } from 'kysely'
import type {
  DeletedRecord,
  HistoryAction,
  HistoryChange,
  HistoryEntry,
  HistoryHow,
  HistoryRecordType,
} from '#shared/contract/history'
import type { Selectable } from 'kysely'
import type { RecordHistoryTable } from '../../db/schema.ts'
import type { Database } from '../../db/schema.ts'
import { parseJsonColumn } from '../content/json-column.ts'
import { logLineDeletions } from './log-line.ts'

type Query = { recordType: string; recordId: string; pageSize: number; before?: number }

/**
 * A page of one record's history, newest first, from the (record_type, record_id, at, id)
 * index; `before` is the last Id of the previous page (keyset paging, no offset, no count).
 */
export async function listHistory(
  db: Kysely<Database>,
  q: Query,
): Promise<{ result: HistoryEntry[]; more: boolean }> {
  let rows = db
    .selectFrom('record_history')
    .selectAll()
    .where('record_type', '=', q.recordType)
    .where('record_id', '=', q.recordId)
  if (q.before !== undefined) {
    const cursor = await db
      .selectFrom('record_history')
      .select(['at', 'id'])
      .where('id', '=', q.before)
      .executeTakeFirst()
    if (cursor)
      rows = rows.where((eb) =>
        eb.or([
          eb('at', '<', cursor.at),
          eb.and([eb('at', '=', cursor.at), eb('id', '<', cursor.id)]),
        ]),
      )
  }
  const found = await rows
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize + 1)
    .execute()
  return {
    more: found.length > q.pageSize,
    result: found.slice(0, q.pageSize).map(entryOf),
  }
}

const entryOf = (r: Selectable<RecordHistoryTable>): HistoryEntry => ({
  Id: Number(r.id),
  At: r.at,
  UserId: r.user_id === null ? null : Number(r.user_id),
  UserName: r.user_name,
  How: r.how as HistoryHow,
  Action: r.action as HistoryAction,
  Changes: parseJsonColumn<HistoryChange[]>(r.changes, []),
})

const deletedOf = (r: Selectable<RecordHistoryTable>): DeletedRecord => ({
  ...entryOf(r),
  RecordType: r.record_type as HistoryRecordType,
  RecordId: r.record_id,
})

/** A page of recorded deletions, newest first (the `at` index), for administrators. */
export async function listDeleted(
  db: Kysely<Database>,
  q: { pageSize: number; before?: number; logId?: number },
): Promise<{ result: DeletedRecord[]; more: boolean }> {
  let rows = db.selectFrom('record_history').selectAll().where('action', '=', 'delete')
  if (q.logId !== undefined) {
    const line = await logLineDeletions(db, q.logId)
    if (!line) return { result: [], more: false }
    rows = rows
      .where('user_name', '=', line.account)
      .where('record_type', 'in', line.types)
      .where('at', '>=', line.from)
      .where('at', '<=', line.to)
    const found = await rows
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(Math.min(line.removed, 500))
      .execute()
    return { more: false, result: found.map(deletedOf) }
  }
  if (q.before !== undefined) {
    const cursor = await db
      .selectFrom('record_history')
      .select(['at', 'id'])
      .where('id', '=', q.before)
      .executeTakeFirst()
    if (cursor)
      rows = rows.where((eb) =>
        eb.or([
          eb('at', '<', cursor.at),
          eb.and([eb('at', '=', cursor.at), eb('id', '<', cursor.id)]),
        ]),
      )
  }
  const found = await rows
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize + 1)
    .execute()
  return {
    more: found.length > q.pageSize,
    result: found.slice(0, q.pageSize).map(deletedOf),
  }
}

/** Whether the record's newest history entry is its deletion (then only administrators see it). */
export async function isDeleted(
  db: Kysely<Database>,
  recordType: string,
  recordId: string,
): Promise<boolean> {
  const last = await db
    .selectFrom('record_history')
    .select('action')
    .where('record_type', '=', recordType)
    .where('record_id', '=', recordId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return last?.action === 'delete'
}
