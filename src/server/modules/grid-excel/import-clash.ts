import type { Kysely } from 'kysely'
import type { ImportChangedField } from '#shared/contract/grid-excel'
import type { Database } from '../../db/schema.ts'
import { changedSince, sameValue } from '../history/row-version.ts'

type Rec = Record<string, unknown>

/**
 * A file row against the record it matches when the file carries the `RowVersion` the row was
 * exported at (DESIGN §11). Nothing to do when the record is still at that version. Otherwise,
 * from the history written after it: a field the row leaves at its exported value while Forgeline
 * changed it is dropped (Forgeline's newer value stays); a field the row changes that Forgeline
 * changed too is a clash (both values shown in the preview; applied only when the user ticks the
 * row); the rest is applied as usual.
 */
export async function checkImportedRow(
  db: Kysely<Database>,
  recordType: string,
  record: Rec,
  fileVersion: unknown,
  changes: Rec,
  fields: ImportChangedField[],
): Promise<{ changes: Rec; fields: ImportChangedField[]; clash: boolean }> {
  const stored = Number(record.RowVersion ?? 1)
  if (typeof fileVersion !== 'number' || !Number.isInteger(fileVersion) || stored <= fileVersion)
    return { changes, fields, clash: false }
  const since = await changedSince(db, { recordType, key: String(record.Id) }, fileVersion)
  const kept: Rec = {}
  const keptFields: ImportChangedField[] = []
  let clash = false
  for (const f of fields) {
    const s = since.get(f.field)
    if (s && sameValue(changes[f.field], s.base)) continue
    kept[f.field] = changes[f.field]
    if (!s) keptFields.push(f)
    else {
      clash = true
      keptFields.push({ ...f, clash: true, changedBy: s.by, changedAt: s.at })
    }
  }
  return { changes: kept, fields: keptFields, clash }
}
