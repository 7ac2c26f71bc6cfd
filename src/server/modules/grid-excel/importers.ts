import type { Kysely, Transaction } from 'kysely'
import type { z } from 'zod'
import type { Requirement } from '#shared/acl'
import { importKeyOf } from '#shared/contract/grid-excel'
import { supplierFormFields } from '#shared/contract/supplier-forms'
import type { Database } from '../../db/schema.ts'
import type { NotifyInput } from '../notices/notify.ts'
import type { OperationContext } from '../post-common/registry.ts'
import { loose, toRow, type GridKind } from '../orders/grid-kind.ts'
import { saveRecords } from '../orders/save-records.ts'
import { insertForm } from '../supplier-forms/add.ts'
import { exportColumns, importColumns, versionColumn, type ExcelColumn } from './columns.ts'

type Rec = Record<string, unknown>

/**
 * What `{name}/Upload` imports: the columns a file may fill, the key rows are matched by, the
 * schemas a new row (the inline insert's) and a changed row (the inline update's) must pass,
 * the stored records of some keys, and how the plan is stored. `save` runs in the import's
 * transaction and throws an AppError with field errors keyed `postData.insertRecords.{i}.{Field}`
 * or `postData.updateRecords.{i}.{Field}` (the PostCommon save's own keys) to refuse rows.
 */
export type Importer = {
  name: string
  label: { zh: string; en: string }
  permission: Requirement
  /** the staff screens it serves (the grid's own) */
  menu: readonly string[]
  columns: ExcelColumn[]
  /** header names of export-only columns, skipped quietly on import */
  known: string[]
  key: 'OrderNo' | 'Id'
  schema: z.ZodType
  update: z.ZodType
  /** fields a row matching a stored record may change (others must equal the record) */
  updatable: ReadonlySet<string>
  existing(db: Kysely<Database>, keys: (string | number)[]): Promise<Map<string, Rec>>
  save(
    trx: Transaction<Database>,
    inserts: Rec[],
    updates: Rec[],
    ctx: OperationContext,
  ): Promise<void>
}

const chunk = 500

/** The stored rows of a kind whose key (order number or Id) is one of `keys`, as contract rows by key. */
function existingOf(kind: GridKind) {
  const key = importKeyOf(kind.name)
  const linked = kind.order === 'required' || kind.order === 'optional'
  return async (database: Kysely<Database>, keys: (string | number)[]) => {
    const db = loose(database)
    const out = new Map<string, Rec>()
    for (let i = 0; i < keys.length; i += chunk) {
      const part = keys.slice(i, i + chunk)
      let q = db.selectFrom(`${kind.table} as t`).selectAll('t')
      if (linked)
        q = q.leftJoin('orders as o', 'o.id', 't.order_id').select('o.order_no as order_no_ref')
      const rows = (await q
        .where(key === 'OrderNo' ? 't.order_no' : 't.id', 'in', part)
        .execute()) as Rec[]
      for (const r of rows) {
        const row = toRow(kind, r)
        out.set(String(row[key]), row)
      }
    }
    return out
  }
}

/** A grid kind with an insert schema: rows go through the kind's own `Save{Kind}` operation. */
export function gridImporter(kind: GridKind): Importer | undefined {
  const schema = kind.insert
  if (!schema) return undefined
  const save = saveRecords(kind)
  const columns = [...importColumns(kind), versionColumn]
  const importable = new Set(columns.map((c) => c.field))
  const key = importKeyOf(kind.name)
  return {
    name: kind.name,
    label: kind.label,
    permission: kind.permission,
    menu: kind.menu,
    columns,
    known: [
      'Id',
      ...exportColumns(kind)
        .map((c) => c.field)
        .filter((f) => !importable.has(f)),
    ],
    key,
    schema,
    update: kind.update,
    updatable: new Set(
      columns.map((c) => c.field).filter((f) => f !== key && f !== 'Id' && f !== 'RowVersion'),
    ),
    existing: existingOf(kind),
    async save(trx, inserts, updates, ctx) {
      await save(trx, { insertRecords: inserts, updateRecords: updates, removeRecords: [] }, ctx)
    },
  }
}

/**
 * `SupplierForm/Upload` (SPEC §7): new forms with the public form's rules, entered by staff;
 * a row with the Id of a stored form may change its Remark only (as staff do inline).
 */
export function supplierFormImporter(kind: GridKind): Importer {
  const form = Object.keys(supplierFormFields.shape).map((field): ExcelColumn => ({
    field,
    type: 'text',
  }))
  const columns: ExcelColumn[] = [
    { field: 'Id', type: 'int' },
    ...form,
    { field: 'Remark', type: 'text' },
    versionColumn,
  ]
  const save = saveRecords(kind)
  return {
    name: kind.name,
    label: kind.label,
    permission: kind.permission,
    menu: kind.menu,
    columns,
    known: ['AuditStatus', 'AuditComment', 'CreateTimeString'],
    key: 'Id',
    schema: supplierFormFields,
    update: kind.update,
    updatable: new Set(['Remark']),
    existing: existingOf(kind),
    async save(trx, inserts, updates, ctx) {
      for (const r of inserts)
        await insertForm(trx, r as z.output<typeof supplierFormFields>, ctx.ip, ctx.user.id)
      if (updates.length > 0)
        await save(trx, { insertRecords: [], updateRecords: updates, removeRecords: [] }, ctx)
    },
  }
}

/** One notice for a whole import instead of one per row: the first row's, or a summary. */
export function summaryNotice(
  kind: { label: { zh: string; en: string } },
  created: NotifyInput[],
): NotifyInput | undefined {
  const first = created[0]
  if (!first || created.length === 1) return first
  return {
    type: first.type,
    orderId: first.orderId,
    orderNo: first.orderNo,
    msg: `从 Excel 导入了 ${created.length} 条${kind.label.zh}（第一条：订单 ${first.orderNo}），请审核。`,
    msgEn: `${created.length} ${kind.label.en} records imported from Excel (first: order ${first.orderNo}), awaiting approval.`,
  }
}
