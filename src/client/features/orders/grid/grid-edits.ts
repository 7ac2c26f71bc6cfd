import type { PostCommonBody } from '#shared/contract/post-common'
import { lineTotal } from '#shared/contract/grid-fields'
import type { GridConfig, GridRow } from './grid-config.ts'

/**
 * What the user changed in a grid and has not saved (SPEC §2 inline editing): new rows (with
 * temporary negative Ids), changed cells of existing rows, and rows to remove. One save sends
 * them all as insertRecords / updateRecords / removeRecords.
 */
export type GridEdits = {
  added: GridRow[]
  changed: Record<number, Record<string, unknown>>
  removed: number[]
  /**
   * The `RowVersion` each changed or removed saved row had when its edit started: sent with the
   * update or delete so the server can tell whether someone else changed it since (DESIGN §11).
   */
  bases?: Record<number, number>
}

/** Field errors by row Id and field: a rule code or a text from the server. */
export type CellErrors = Record<number, Record<string, string>>

export const emptyEdits: GridEdits = { added: [], changed: {}, removed: [] }

export const hasEdits = (e: GridEdits) =>
  e.added.length > 0 || e.removed.length > 0 || Object.keys(e.changed).length > 0

/** Notes the version a saved row's edit starts from; a row already being edited keeps its first one. */
export function withBase(e: GridEdits, id: number, version: unknown): GridEdits {
  if (id < 0 || typeof version !== 'number' || e.bases?.[id] !== undefined) return e
  return { ...e, bases: { ...e.bases, [id]: version } }
}

/** The edit of a row now starts from `version` (after a clash: Keep mine, Take theirs). */
export function rebase(e: GridEdits, id: number, version: number | undefined): GridEdits {
  if (version === undefined) return e
  return { ...e, bases: { ...e.bases, [id]: version } }
}

/** `{RowVersion}` of a row's base, or nothing when it has none (a save as before versions). */
const baseOf = (e: GridEdits, id: number) =>
  e.bases?.[id] === undefined ? {} : { RowVersion: e.bases[id] }

export function addRow(e: GridEdits, values: Record<string, unknown>): GridEdits {
  const Id = -(e.added.length + 1 + Math.max(0, ...e.added.map((r) => -r.Id)))
  return { ...e, added: [{ ...values, Id }, ...e.added] }
}

export function setCell(e: GridEdits, id: number, key: string, value: unknown): GridEdits {
  if (id < 0) return { ...e, added: e.added.map((r) => (r.Id === id ? { ...r, [key]: value } : r)) }
  return { ...e, changed: { ...e.changed, [id]: { ...e.changed[id], [key]: value } } }
}

/** A saved row's cell back to its saved value: the change is dropped, and the row when nothing else changed. */
export function unsetCell(e: GridEdits, id: number, key: string): GridEdits {
  const { [key]: _gone, ...rest } = e.changed[id] ?? {}
  const { [id]: _row, ...others } = e.changed
  return { ...e, changed: Object.keys(rest).length > 0 ? { ...others, [id]: rest } : others }
}

/** New rows are simply dropped; saved ones are removed on the next save. */
export function removeRows(e: GridEdits, ids: number[]): GridEdits {
  const drop = new Set(ids)
  const changed = Object.fromEntries(
    Object.entries(e.changed).filter(([id]) => !drop.has(Number(id))),
  )
  return {
    added: e.added.filter((r) => !drop.has(r.Id)),
    changed,
    removed: [...new Set([...e.removed, ...ids.filter((id) => id > 0)])],
    ...(e.bases ? { bases: e.bases } : {}),
  }
}

/** The row with its line total worked out again (as the server does) when it has one. */
export const withTotal = (r: GridRow): GridRow =>
  'TotalSum' in r || ('Quantity' in r && 'UnitPrice' in r)
    ? { ...r, TotalSum: lineTotal(Number(r.Quantity) || 0, Number(r.UnitPrice) || 0) }
    : r

/** The rows as the user sees them: new ones first, edits applied, removed ones gone. */
export function shownRows(rows: GridRow[], e: GridEdits): GridRow[] {
  const removed = new Set(e.removed)
  const kept = rows
    .filter((r) => !removed.has(r.Id))
    .map((r) => (e.changed[r.Id] ? withTotal({ ...r, ...e.changed[r.Id] }) : r))
  return [...e.added.map(withTotal), ...kept]
}

type Issue = { path: PropertyKey[]; message: string }
const issuesOf = (issues: readonly Issue[]) =>
  Object.fromEntries(issues.map((i) => [String(i.path[0] ?? ''), i.message]))

export type SavePlan = {
  postData: NonNullable<PostCommonBody['postData']>
  /** row Ids in the order of insertRecords / updateRecords, to place the server's errors */
  insertIds: number[]
  updateIds: number[]
  errors: CellErrors
}

/** Checks every edit with the kind's schemas (the server checks the same) and builds the save. */
export function planSave(config: GridConfig, e: GridEdits): SavePlan {
  const errors: CellErrors = {}
  const insertRecords: Record<string, unknown>[] = []
  const updateRecords: Record<string, unknown>[] = []
  for (const r of e.added) {
    const { Id, ...values } = r
    const parsed = config.insert.safeParse(values)
    if (parsed.success) insertRecords.push(parsed.data as Record<string, unknown>)
    else errors[Id] = issuesOf(parsed.error.issues)
  }
  const updateIds = Object.keys(e.changed).map(Number)
  for (const Id of updateIds) {
    const parsed = config.update.safeParse({ ...e.changed[Id], Id })
    if (parsed.success)
      updateRecords.push({ ...(parsed.data as Record<string, unknown>), ...baseOf(e, Id) })
    else errors[Id] = issuesOf(parsed.error.issues)
  }
  return {
    postData: {
      insertRecords,
      updateRecords,
      removeRecords: e.removed.map((Id) => ({ Id, ...baseOf(e, Id) })),
    },
    insertIds: e.added.map((r) => r.Id),
    updateIds,
    errors,
  }
}

/** The server's field errors (`postData.updateRecords.0.Quantity`) placed on their rows and cells. */
export function placeServerErrors(fieldErrors: Record<string, string>, plan: SavePlan): CellErrors {
  const out: CellErrors = {}
  for (const [path, text] of Object.entries(fieldErrors)) {
    const m = /^postData\.(insertRecords|updateRecords|removeRecords)\.(\d+)\.(\w+)/.exec(path)
    if (!m) continue
    const ids =
      m[1] === 'insertRecords'
        ? plan.insertIds
        : m[1] === 'updateRecords'
          ? plan.updateIds
          : (plan.postData.removeRecords?.map((r) => Number((r as { Id: number }).Id)) ?? [])
    const id = ids[Number(m[2])]
    if (id === undefined) continue
    out[id] = { ...out[id], [m[3]!]: text }
  }
  return out
}
