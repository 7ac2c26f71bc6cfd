import type { Kysely } from 'kysely'
import type { HistoryAction, HistoryChange, HistoryHow } from '#shared/contract/history'
import type { Database } from '../../db/schema.ts'

/** Who made a change and how (OperationContext carries it). */
export type HistoryWho = { user: { id: number; loginName: string } | null; how: HistoryHow }

export type HistoryItem = {
  recordType: string
  recordId: string | number
  action: HistoryAction
  changes: HistoryChange[]
  /** the record's `row_version` after this change (DESIGN §11) */
  rowVersion?: number
}

/** Fields that never enter history: secrets, and stamps every save changes anyway. */
const secret = /password|secret|token|hash|salt/i
const noise = new Set([
  'updated_at',
  'UpdatedAt',
  'CreateTimeString',
  'created_at',
  'CreatedAt',
  'Id',
  'RowVersion',
])
export const keptField = (field: string) => !secret.test(field) && !noise.has(field)

/** '' and null both mean "nothing": a new record's empty fields are not listed as changes */
const same = (a: unknown, b: unknown) =>
  JSON.stringify(a === '' ? null : (a ?? null)) === JSON.stringify(b === '' ? null : (b ?? null))

/**
 * The field-level changes from `before` to `after` (either may be undefined: a create or a
 * delete), in the field order of the rows, leaving out secrets and time stamps.
 */
export function diffRecords(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): HistoryChange[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  const out: HistoryChange[] = []
  for (const field of fields) {
    if (!keptField(field)) continue
    const old = before ? (before[field] ?? null) : null
    const now = after ? (after[field] ?? null) : null
    if (!same(old, now)) out.push({ field, old, new: now })
  }
  return out
}

/**
 * Writes history rows in the caller's transaction (so a failed save leaves none). An update
 * that changed nothing is not written.
 */
export async function writeHistory(
  trx: Kysely<Database>,
  who: HistoryWho,
  items: HistoryItem[],
): Promise<void> {
  const at = new Date().toISOString()
  const rows = items
    .filter((i) => i.changes.length > 0 || i.action === 'delete')
    .map((i) => ({
      record_type: i.recordType,
      record_id: String(i.recordId),
      at,
      user_id: who.user?.id ?? null,
      user_name: who.user?.loginName ?? '',
      how: who.how,
      action: i.action,
      changes: JSON.stringify(i.changes),
      row_version: i.rowVersion ?? null,
    }))
  for (let i = 0; i < rows.length; i += 50)
    await trx
      .insertInto('record_history')
      .values(rows.slice(i, i + 50))
      .execute()
}
