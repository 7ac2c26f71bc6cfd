import { sql, type Kysely } from 'kysely'
import type { RowConflict, VersionMessage } from '#shared/contract/row-version'
import type { VersionedTable } from '../../db/migrations/0027-row-version.ts'
import type { Database } from '../../db/schema.ts'
import { t, type Lang } from '../../i18n.ts'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- versioned tables are addressed by the static names of 0027
type LooseDb = Kysely<any>
type Rec = Record<string, unknown>

/** One edited record: its history type, table and key. */
export type VersionTarget = {
  recordType: string
  table: VersionedTable
  keyColumn: 'id' | 'code' | 'key'
  key: string | number
}

/** A clash found in a save: nothing of the call is saved (answered 409 with `data.conflicts`). */
export class RowConflictError extends Error {
  constructor(
    readonly conflicts: RowConflict[],
    readonly errors: Record<string, string>,
  ) {
    super('row version conflict')
    this.name = 'RowConflictError'
  }
}

/**
 * What one save did to versions: the version each written record has now (answered as
 * `versions` and announced on the realtime channel once committed), the records merged, and
 * the clashes found (thrown together by `throwIfClashed`).
 */
export class VersionBook {
  readonly written = new Map<string, VersionMessage>()
  readonly merged: (string | number)[] = []
  readonly conflicts: RowConflict[] = []
  readonly errors: Record<string, string> = {}
  constructor(readonly lang: Lang) {}

  wrote(recordType: string, key: string | number, version: number, deleted = false) {
    this.written.set(`${recordType}\u0000${key}`, {
      type: 'version',
      recordType,
      Id: key,
      RowVersion: version,
      ...(deleted ? { deleted: true } : {}),
    })
  }

  /** The versions of the records still there (the answer's `versions`). */
  versions() {
    return [...this.written.values()]
      .filter((m) => !m.deleted)
      .map((m) => ({ Id: m.Id, RowVersion: m.RowVersion }))
  }

  throwIfClashed() {
    if (this.conflicts.length > 0) throw new RowConflictError(this.conflicts, this.errors)
  }
}

export type Claim =
  | { kind: 'ok'; version: number; drop: string[] }
  /** no such record (and, for a versioned update, no history of its deletion): as before */
  | { kind: 'missing' }
  | { kind: 'clash' }

type Claimed = {
  /** the `RowVersion` the edit started from; undefined: last write wins (as before versions) */
  base: number | undefined
  /** an update's fields (contract names, the caller's visible ones); undefined for a delete */
  mine: Rec | undefined
  /** where field errors of this record are keyed: `postData.updateRecords.3` */
  path: string
  /** the reader's column permissions: hidden fields never appear in a clash */
  shown?: (field: string) => boolean
}

/** '' and null both mean "nothing"; numbers, numeric text and 0/1 flags compare by value. */
const norm = (v: unknown): unknown => {
  if (v === undefined || v === null || v === '') return null
  if (typeof v === 'boolean') return v ? 1 : 0
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v)
  return v
}
export const sameValue = (a: unknown, b: unknown) =>
  JSON.stringify(norm(a)) === JSON.stringify(norm(b))

/** `10:42` today, else `2026-12-03 10:42` (server time). */
function when(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  const p = (n: number) => String(n).padStart(2, '0')
  const time = `${p(d.getHours())}:${p(d.getMinutes())}`
  return d.toDateString() === new Date().toDateString()
    ? time
    : `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${time}`
}

/** `update … set row_version = row_version + 1 where key = ? [and row_version = base] returning row_version` */
async function bump(db: LooseDb, target: VersionTarget, base?: number) {
  let q = db
    .updateTable(target.table)
    .set({ row_version: sql`row_version + 1` })
    .where(target.keyColumn, '=', target.key)
  if (base !== undefined) q = q.where('row_version', '=', base)
  const r = (await q.returning('row_version').executeTakeFirst()) as
    | { row_version: number }
    | undefined
  return r ? Number(r.row_version) : undefined
}

export type FieldSince = { base: unknown; current: unknown; by: string; at: string }

/** Per field, what changed after version `base`: its value then, now, and who changed it last. */
export async function changedSince(
  db: LooseDb | Kysely<Database>,
  target: Pick<VersionTarget, 'recordType' | 'key'>,
  base: number,
): Promise<Map<string, FieldSince>> {
  const rows = (await (db as LooseDb)
    .selectFrom('record_history')
    .select(['user_name', 'at', 'changes'])
    .where('record_type', '=', target.recordType)
    .where('record_id', '=', String(target.key))
    .where('row_version', '>', base)
    .orderBy('row_version')
    .orderBy('id')
    .execute()) as { user_name: string; at: string; changes: string }[]
  const fields = new Map<string, FieldSince>()
  for (const row of rows) {
    for (const c of JSON.parse(row.changes) as { field: string; old: unknown; new: unknown }[]) {
      const f = fields.get(c.field)
      if (f) Object.assign(f, { current: c.new, by: row.user_name, at: row.at })
      else fields.set(c.field, { base: c.old, current: c.new, by: row.user_name, at: row.at })
    }
  }
  return fields
}

/**
 * The first step of every write of a versioned record, in the save's transaction: compare-and-set
 * of its version in SQL. Without a base version the record's version is simply raised (as before:
 * last write wins). With one, `update … where row_version = base` applies on the fast path (one
 * statement); otherwise the row is locked by raising its version and the history written after
 * `base` decides: fields this update changes that someone else changed since are a clash (added
 * to the book, nothing is saved), fields it repeats unchanged are dropped (`drop`: the other
 * person's value stays), the rest is merged. An update of a record deleted since is a clash too.
 */
export async function claimVersion(
  trx: Kysely<Database>,
  book: VersionBook,
  target: VersionTarget,
  c: Claimed,
): Promise<Claim> {
  const db = trx as unknown as LooseDb
  const deleting = c.mine === undefined
  const ok = (version: number): Claim => {
    book.wrote(target.recordType, target.key, version, deleting)
    return { kind: 'ok', version, drop: [] }
  }
  if (c.base === undefined) {
    const v = await bump(db, target)
    return v === undefined ? { kind: 'missing' } : ok(v)
  }
  const fast = await bump(db, target, c.base)
  if (fast !== undefined) return ok(fast)
  const locked = await bump(db, target)
  const shown = c.shown ?? (() => true)
  const clash = (field: string, f: FieldSince, mine: unknown, extra: Partial<RowConflict> = {}) => {
    book.conflicts.push({
      Id: target.key,
      field,
      base: f.base,
      current: f.current,
      currentBy: f.by,
      currentAt: f.at,
      mine,
      ...extra,
    })
    book.errors[`${c.path}.${field}`] ??= t(extra.deleted ? 'deletedBy' : 'changedBy', book.lang, {
      who: f.by,
      at: when(f.at),
    })
  }
  if (locked === undefined) {
    if (deleting) return { kind: 'missing' }
    const gone = (await db
      .selectFrom('record_history')
      .select(['user_name', 'at'])
      .where('record_type', '=', target.recordType)
      .where('record_id', '=', String(target.key))
      .where('action', '=', 'delete')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()) as { user_name: string; at: string } | undefined
    if (!gone) return { kind: 'missing' }
    const f = { base: null, current: null, by: gone.user_name, at: gone.at }
    clash('Id', f, null, { deleted: true })
    return { kind: 'clash' }
  }
  const currentVersion = locked - 1
  const since = await changedSince(db, target, c.base)
  let clashed = false
  const drop: string[] = []
  if (deleting) {
    for (const [field, f] of since) {
      if (!shown(field)) continue
      clash(field, f, null, { currentVersion })
      clashed = true
    }
    if (since.size > 0 && !clashed) {
      const last = [...since.values()].at(-1)!
      clash('Id', { ...last, base: null, current: null }, null, { currentVersion })
      clashed = true
    }
  } else {
    for (const [field, mine] of Object.entries(c.mine ?? {})) {
      const f = since.get(field)
      if (!f || field === 'Id' || field === 'RowVersion' || !shown(field)) continue
      // the user left this field as it was: the other person's value stays
      if (sameValue(mine, f.base)) drop.push(field)
      // both wrote the same value: nothing to ask
      else if (!sameValue(mine, f.current)) {
        clash(field, f, mine, { currentVersion })
        clashed = true
      }
    }
  }
  if (clashed) return { kind: 'clash' }
  if (since.size > 0) book.merged.push(target.key)
  book.wrote(target.recordType, target.key, locked, deleting)
  return { kind: 'ok', version: locked, drop }
}

/** The record's `RowVersion` as an update or delete record gives it (undefined: not given). */
export const baseOf = (rec: unknown): number | undefined => {
  const v = (rec as { RowVersion?: unknown } | null)?.RowVersion
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined
}
