import { sql, type Kysely, type Transaction } from 'kysely'
import type { HistoryRecordType } from '#shared/contract/history'
import type { Database } from '../../db/schema.ts'
import type { AnyOperation, OperationContext, OperationResult } from '../post-common/registry.ts'
import { diffRecords, writeHistory, type HistoryItem } from './write-history.ts'
import { baseOf, claimVersion, VersionBook, type VersionTarget } from './row-version.ts'

type Rec = Record<string, unknown>
type Records = { insertRecords: unknown[]; updateRecords: unknown[]; removeRecords: unknown[] }
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables are addressed by the static names below
type LooseDb = Kysely<any>

/**
 * A PostCommon save of content or system settings whose records keep a history: the
 * rows it names are read before and after the operation in its transaction and compared column
 * by column (named as contract fields: `title_en` -> `TitleEn`). New rows of an `id` table are
 * the rows above the largest Id before the save.
 */
type Tracked = {
  type: HistoryRecordType
  table: string
  key: 'id' | 'code' | 'key'
  /** the keys the save's records name (Id of updates and removals, or a role's Code) */
  keys(records: Records): (string | number)[]
  /** extra fields of the loaded rows (a role's menu entries) */
  extra?(db: LooseDb, keys: string[]): Promise<Map<string, Rec>>
  /** the one record every update names (the contact record, the about page) */
  fixed?: string | number
}

const idsOf = (records: Records) =>
  [...records.updateRecords, ...records.removeRecords]
    .map((r) => (r as { Id?: number }).Id)
    .filter((id): id is number => typeof id === 'number')
const codesOf = (records: Records) =>
  [...records.insertRecords, ...records.updateRecords, ...records.removeRecords]
    .map((r) => (r as { Code?: string }).Code)
    .filter((c): c is string => typeof c === 'string')

const byId = (type: HistoryRecordType, table: string): Tracked => ({
  type,
  table,
  key: 'id',
  keys: idsOf,
})

const roleMenus = async (db: LooseDb, codes: string[]) => {
  const rows = (await db
    .selectFrom('role_menu')
    .select(['role_code', 'menu_id'])
    .where('role_code', 'in', codes)
    .orderBy('menu_id')
    .execute()) as {
    role_code: string
    menu_id: number
  }[]
  const out = new Map<string, Rec>(codes.map((c) => [c, { MenuIds: [] as number[] }]))
  for (const r of rows) (out.get(r.role_code)!.MenuIds as number[]).push(Number(r.menu_id))
  return out
}

const tracked: Record<string, Tracked> = {
  savecarousel: byId('Carousel', 'carousel'),
  savecategory: byId('Category', 'product_category'),
  saveproduct: byId('Product', 'product'),
  savenews: byId('News', 'news'),
  saveequipment: byId('Equipment', 'equipment'),
  savecontact: { type: 'Contact', table: 'contact_info', key: 'id', keys: () => [1], fixed: 1 },
  saveabout: { type: 'About', table: 'page', key: 'key', keys: () => ['about'], fixed: 'about' },
  saveuser: byId('User', 'users'),
  resetuserpassword: byId('User', 'users'),
  saverole: { type: 'Role', table: 'roles', key: 'code', keys: codesOf, extra: roleMenus },
  savedepartment: byId('Department', 'department'),
  savemenu: byId('Menu', 'menu'),
}

const pascal = (column: string) =>
  column.replace(/(^|_)([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase())

async function load(db: LooseDb, t: Tracked, keys: (string | number)[]): Promise<Map<string, Rec>> {
  const out = new Map<string, Rec>()
  if (keys.length === 0) return out
  const rows = (await db
    .selectFrom(t.table)
    .selectAll()
    .where(t.key, 'in', keys)
    .execute()) as Rec[]
  // none of the keys stored (a create): no `in ()`, which PostgreSQL refuses
  const extra =
    t.extra && rows.length > 0
      ? await t.extra(
          db,
          rows.map((r) => String(r[t.key])),
        )
      : undefined
  for (const r of rows) {
    const key = String(r[t.key])
    const fields: Rec = {}
    for (const [column, value] of Object.entries(r))
      if (column !== t.key || t.key !== 'id') fields[pascal(column)] = value
    out.set(key, { ...fields, ...extra?.get(key) })
  }
  return out
}

/** The history descriptor of an operation, if its records keep one. */
export const trackedOf = (postUrl: string): Tracked | undefined =>
  Object.hasOwn(tracked, postUrl.toLowerCase()) ? tracked[postUrl.toLowerCase()] : undefined

/** The key an update or delete record names (an Id, a role's Code, or the descriptor's one record). */
function keyOf(t: Tracked, rec: unknown): string | number | undefined {
  if (t.fixed !== undefined) return t.fixed
  const r = rec as { Id?: unknown; Code?: unknown }
  const key = t.key === 'code' ? r.Code : r.Id
  return typeof key === 'number' || typeof key === 'string' ? key : undefined
}

/**
 * Compare-and-set of the versions of the records a save names (DESIGN §11), before the operation
 * runs: a clash throws (nothing saved); fields a merged update repeats unchanged are left out of
 * it. Answers the records to run and the version each record has now.
 */
async function claimAll(
  trx: Transaction<Database>,
  t: Tracked,
  book: VersionBook,
  records: Records,
): Promise<{ records: Records; versions: Map<string, number> }> {
  const versions = new Map<string, number>()
  const target = (key: string | number): VersionTarget => ({
    recordType: t.type,
    table: t.table as VersionTarget['table'],
    keyColumn: t.key,
    key,
  })
  const claimEach = async (list: unknown[], kind: 'update' | 'remove') => {
    const out: unknown[] = []
    for (const [i, rec] of list.entries()) {
      const key = keyOf(t, rec)
      if (key === undefined) {
        out.push(rec)
        continue
      }
      const mine = kind === 'update' ? (rec as Rec) : undefined
      const path = `postData.${kind}Records.${i}`
      const c = await claimVersion(trx, book, target(key), { base: baseOf(rec), mine, path })
      if (c.kind === 'ok') versions.set(String(key), c.version)
      const drop = c.kind === 'ok' ? c.drop : []
      out.push(
        drop.length === 0
          ? rec
          : Object.fromEntries(Object.entries(rec as Rec).filter(([f]) => !drop.includes(f))),
      )
    }
    return out
  }
  const removeRecords = await claimEach(records.removeRecords, 'remove')
  const updateRecords = await claimEach(records.updateRecords, 'update')
  book.throwIfClashed()
  return { records: { ...records, removeRecords, updateRecords }, versions }
}

/** Runs a PostCommon operation and, when its records keep a history, writes it in the same transaction. */
export async function trackedRun(
  op: AnyOperation,
  trx: Transaction<Database>,
  records: Records,
  ctx: OperationContext,
): Promise<OperationResult> {
  const t = trackedOf(op.postUrl)
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the operation's own parsed records
  if (!t) return op.run(trx, records as any, ctx)
  const db = trx as unknown as LooseDb
  const book = ctx.versions ?? new VersionBook(ctx.lang)
  const claimed = await claimAll(trx, t, book, records)
  records = claimed.records
  const keys = [...new Set(t.keys(records).map(String))]
  const maxBefore =
    t.key === 'id' && records.insertRecords.length > 0
      ? Number(
          (
            (await db
              .selectFrom(t.table)
              .select(sql<number>`max(id)`.as('m'))
              .executeTakeFirst()) as { m: unknown } | undefined
          )?.m ?? 0,
        )
      : undefined
  const before = await load(db, t, keys)
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the operation's own parsed records
  const result = await op.run(trx, records as any, ctx)
  const added =
    maxBefore === undefined
      ? []
      : (
          (await db.selectFrom(t.table).select('id').where('id', '>', maxBefore).execute()) as {
            id: number
          }[]
        ).map((r) => String(r.id))
  const after = await load(db, t, [...new Set([...keys, ...added])])
  const items: HistoryItem[] = []
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const [b, a] = [before.get(key), after.get(key)]
    const rowVersion = claimed.versions.get(key) ?? (!b ? 1 : undefined)
    if (!b) book.wrote(t.type, t.key === 'id' ? Number(key) : key, 1)
    items.push({
      recordType: t.type,
      recordId: key,
      action: !b ? 'create' : !a ? 'delete' : 'update',
      changes: diffRecords(b, a),
      ...(rowVersion !== undefined ? { rowVersion } : {}),
    })
  }
  await writeHistory(trx, { user: ctx.user, how: ctx.how ?? 'api' }, items)
  return result
}
