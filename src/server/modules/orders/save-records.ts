import type { Transaction } from 'kysely'
import { lineTotal } from '#shared/contract/grid-fields'
import { Code } from '#shared/contract/codes'
import type { GridPermissions } from '#shared/grid-permissions'
import type { Database } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import type { OperationContext } from '../post-common/registry.ts'
import { fieldText } from '../post-common/validate.ts'
import { t } from '../../i18n.ts'
import { auditResetChanges } from '#shared/contract/audit-reset'
import { gridPermissionsOf } from './grid-access.ts'
import { findGridRow, findOrder } from './grid-repository.ts'
import { loose, toRow, write, type DbRow, type GridKind } from './grid-kind.ts'
import { filesColumn, filesOverLimit } from './grid-files.ts'
import { createdText } from './grid-notices.ts'
import { isEmptyRequired, requiredFieldsOf } from '#shared/contract/grid-required'
import { diffRecords, writeHistory, type HistoryItem } from '../history/write-history.ts'
import { baseOf, claimVersion, VersionBook } from '../history/row-version.ts'

type Rec = Record<string, unknown>
type OrderRef = { id: number; order_no: string }

/**
 * Column values of the contract fields a record gives (absent fields are left out, and so are
 * columns the caller's grid permissions hide: a new row gets their default, an update keeps them).
 */
function columnsOf(kind: GridKind, rec: Rec, perms: GridPermissions): DbRow {
  const out: DbRow = {}
  for (const [field, [column, type]] of Object.entries(kind.fields)) {
    if (rec[field] !== undefined && perms.columnShown(field)) out[column] = write(type, rec[field])
  }
  return { ...out, ...filesColumn(kind, rec, perms) }
}

export type SaveRecords = {
  insertRecords: unknown[]
  updateRecords: unknown[]
  removeRecords: { Id: number; RowVersion?: number }[]
}

/**
 * The work of `Save{Kind}` without its toolbar checks; `{Kind}/Upload` stores imported rows with
 * it after checking its own button (import).
 */
export function saveRecords(kind: GridKind) {
  return async (
    trx: Transaction<Database>,
    records: SaveRecords,
    ctx: OperationContext,
    perms?: GridPermissions,
  ) => {
    const shown = perms ?? (await gridPermissionsOf(trx, ctx.user))
    const db = loose(trx)
    const errors: Record<string, string> = {}
    const fail = (path: string, code: string) =>
      void (errors[path] ??= fieldText(path, code, ctx.lang))
    const orders = new Map<string, OrderRef | undefined>()
    const now = new Date().toISOString()

    /** The order a record names (OrderId, else OrderNo), or null when it names none. */
    const orderOf = async (rec: Rec, path: string): Promise<OrderRef | null | undefined> => {
      const id = rec.OrderId as number | undefined
      const no = rec.OrderNo as string | undefined
      if (id === undefined && !no) return null
      const key = id !== undefined ? `#${id}` : `no:${no}`
      if (!orders.has(key)) orders.set(key, await findOrder(trx, { id, orderNo: no }))
      const found = orders.get(key)
      // the number (or Id) the user gave, so the message says which order is unknown
      if (!found)
        errors[`${path}.${id !== undefined ? 'OrderId' : 'OrderNo'}`] ??=
          id !== undefined
            ? t('orderIdUnknown', ctx.lang, { id })
            : t('orderNoUnknown', ctx.lang, { orderNo: String(no) })
      return found
    }
    const orderNoTaken = async (orderNo: unknown, except: number) =>
      !!(await trx
        .selectFrom('orders')
        .select('id')
        .where('order_no', '=', String(orderNo))
        .where('id', '!=', except)
        .executeTakeFirst())
    const finish = (values: DbRow, existing: DbRow, path: string, isNew: boolean) => {
      const merged = { ...existing, ...values }
      const tooMany = filesOverLimit(kind, values, ctx.lang)
      if (tooMany) errors[`${path}.${tooMany.field}`] ??= tooMany.text
      if (kind.total)
        values.total_sum = lineTotal(Number(merged.quantity ?? 0), Number(merged.unit_price ?? 0))
      // required fields (grid-required.ts): all a new row's caller sees, those an update changes
      for (const field of requiredFieldsOf(kind.name)) {
        const column = kind.fields[field]?.[0]
        const asked = isNew ? shown.columnShown(field) : values[column ?? ''] !== undefined
        if (column && asked && isEmptyRequired(merged[column])) fail(`${path}.${field}`, 'required')
      }
      for (const [column, code] of Object.entries(kind.check?.(merged) ?? {})) {
        const field = Object.entries(kind.fields).find(([, [c]]) => c === column)?.[0] ?? column
        if (code) fail(`${path}.${field}`, code)
      }
      return { ...merged, ...values }
    }
    /** the stored row, with its order's number when it is tied to one */
    const stored = async (id: number) => (await findGridRow(kind, trx, id)) as DbRow | undefined

    // record history: written below in this transaction, contract fields old -> new
    const history: HistoryItem[] = []
    const imported = ctx.how === 'import'
    // row versions (DESIGN §11): every write raises its record's version, compare-and-set first
    const book = ctx.versions ?? new VersionBook(ctx.lang)
    const claim = (id: number, rec: Rec, path: string, mine?: Rec) =>
      claimVersion(
        trx,
        book,
        { recordType: kind.name, table: kind.table, keyColumn: 'id', key: id },
        // TotalSum is derived from UnitPrice: a role that may not see the price does not see it
        {
          base: baseOf(rec),
          mine,
          path,
          shown: (f) =>
            shown.columnShown(f) && (f !== 'TotalSum' || shown.columnShown('UnitPrice')),
        },
      )

    let removed = 0
    for (const [i, rec] of records.removeRecords.entries()) {
      const version = await claim(rec.Id, rec, `postData.removeRecords.${i}`)
      if (version.kind === 'clash') continue
      const gone = await stored(rec.Id)
      if (gone)
        history.push({
          recordType: kind.name,
          recordId: rec.Id,
          action: 'delete',
          changes: diffRecords(toRow(kind, gone), undefined),
          ...(version.kind === 'ok' ? { rowVersion: version.version } : {}),
        })
      const r = await db.deleteFrom(kind.table).where('id', '=', rec.Id).executeTakeFirst()
      if (Number(r.numDeletedRows) === 0) fail(`postData.removeRecords.${i}.Id`, 'recordNotFound')
      removed += Number(r.numDeletedRows)
    }

    let updated = 0
    for (const [i, sent] of (records.updateRecords as Rec[]).entries()) {
      const path = `postData.updateRecords.${i}`
      // the fields this update gives that the caller may see (hidden columns are not written)
      const visible = (rec: Rec) =>
        Object.fromEntries(
          Object.entries(rec).filter(
            ([f]) => f === 'OrderId' || f === 'OrderNo' || shown.columnShown(f),
          ),
        )
      const version = await claim(sent.Id as number, sent, path, visible(sent))
      if (version.kind === 'clash') continue
      // fields the user left as they were while someone else changed them keep the new value
      const raw =
        version.kind === 'ok' && version.drop.length > 0
          ? Object.fromEntries(Object.entries(sent).filter(([f]) => !version.drop.includes(f)))
          : sent
      const existing = await stored(raw.Id as number)
      if (!existing) {
        fail(`${path}.Id`, 'recordNotFound')
        continue
      }
      const values = columnsOf(kind, raw, shown)
      if (
        kind.order === 'self' &&
        values.order_no !== undefined &&
        (await orderNoTaken(values.order_no, raw.Id as number))
      )
        fail(`${path}.OrderNo`, 'orderNoTaken')
      if (kind.order === 'required' || kind.order === 'optional') {
        const order = await orderOf(raw, path)
        if (order) values.order_id = order.id
      }
      finish(values, existing, path, false)
      if (Object.keys(errors).length > 0) continue
      // only a change of a field in the kind's shared list puts an audited record back to
      // pending (a remark does not); a hidden column is not written, so it changes nothing
      const given = visible(raw)
      if (
        Number(existing.audit_status) !== 0 &&
        auditResetChanges(kind.name, toRow(kind, existing), given).length > 0
      )
        values.audit_status = 0
      await db
        .updateTable(kind.table)
        .set(values)
        .where('id', '=', raw.Id as number)
        .execute()
      const after = {
        ...existing,
        ...values,
        ...(values.order_id !== undefined
          ? { order_no_ref: (await findOrder(trx, { id: Number(values.order_id) }))?.order_no }
          : {}),
      }
      const changes = diffRecords(toRow(kind, existing), toRow(kind, after))
      history.push({
        recordType: kind.name,
        recordId: raw.Id as number,
        action: imported ? 'import' : 'update',
        changes,
        ...(version.kind === 'ok' ? { rowVersion: version.version } : {}),
      })
      updated++
    }

    let inserted = 0
    const created: { id: number; values: DbRow; order: OrderRef }[] = []
    for (const [i, raw] of (records.insertRecords as Rec[]).entries()) {
      const path = `postData.insertRecords.${i}`
      const values = columnsOf(kind, raw, shown)
      let order: OrderRef | null | undefined = null
      if (kind.order === 'self' && (await orderNoTaken(values.order_no, 0)))
        fail(`${path}.OrderNo`, 'orderNoTaken')
      if (kind.order === 'required' || kind.order === 'optional') {
        order = await orderOf(raw, path)
        if (order) values.order_id = order.id
      }
      const merged = finish(values, {}, path, true)
      if (Object.keys(errors).length > 0) continue
      const row = (await db
        .insertInto(kind.table)
        .values({ ...values, audit_status: 0, created_by: ctx.user.id, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number }
      inserted++
      book.wrote(kind.name, row.id, 1)
      const ref = kind.order === 'self' ? { id: row.id, order_no: String(values.order_no) } : order
      const fresh = toRow(kind, {
        ...merged,
        id: row.id,
        audit_status: 0,
        order_no_ref: order?.order_no,
      })
      history.push({
        recordType: kind.name,
        recordId: row.id,
        action: imported ? 'import' : 'create',
        changes: diffRecords(undefined, fresh),
        rowVersion: 1,
      })
      if (ref) created.push({ id: row.id, values: merged, order: ref })
    }

    book.throwIfClashed()
    if (Object.keys(errors).length > 0) throw new AppError(Code.badRequest, 'badRequest', errors)
    await writeHistory(trx, { user: ctx.user, how: ctx.how ?? 'api' }, history)
    if (kind.noticeType !== undefined) {
      for (const c of created) {
        await ctx.notify({
          type: kind.noticeType,
          orderId: c.order.id,
          orderNo: c.order.order_no,
          ...createdText(kind, c.order.order_no),
        })
      }
    }
    return { inserted, updated, removed }
  }
}
