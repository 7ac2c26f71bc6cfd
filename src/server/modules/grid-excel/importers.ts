import type { Transaction } from 'kysely'
import type { z } from 'zod'
import type { Requirement } from '#shared/acl'
import { Code } from '#shared/contract/codes'
import { supplierFormFields } from '#shared/contract/supplier-forms'
import type { Database } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import type { NotifyInput } from '../notices/notify.ts'
import type { OperationContext } from '../post-common/registry.ts'
import { fieldText } from '../post-common/validate.ts'
import type { GridKind } from '../orders/grid-kind.ts'
import { saveRecords } from '../orders/save-operation.ts'
import { insertForm } from '../supplier-forms/add.ts'
import { exportColumns, importColumns, type ExcelColumn } from './columns.ts'

/**
 * What `{name}/Upload` imports: the columns a file may fill, the schema each row must pass (the
 * inline save's) and how the parsed rows are stored. `insert` runs in the import's transaction and
 * throws an AppError with field errors keyed `postData.insertRecords.{i}.{Field}` (the PostCommon
 * save's own keys) to refuse rows; `i` is the index in `records`.
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
  schema: z.ZodType
  insert(trx: Transaction<Database>, records: Record<string, unknown>[], ctx: OperationContext): Promise<number>
}

const refuse = (errors: Record<string, string>) => {
  if (Object.keys(errors).length > 0) throw new AppError(Code.badRequest, 'badRequest', errors)
}

/** A grid kind with an insert schema: rows go through the kind's own `Save{Kind}` operation. */
export function gridImporter(kind: GridKind): Importer | undefined {
  const schema = kind.insert
  if (!schema) return undefined
  const save = saveRecords(kind)
  const columns = importColumns(kind)
  const importable = new Set(columns.map((c) => c.field))
  return {
    name: kind.name,
    label: kind.label,
    permission: kind.permission,
    menu: kind.menu,
    columns,
    known: ['Id', ...exportColumns(kind).map((c) => c.field).filter((f) => !importable.has(f))],
    schema,
    async insert(trx, records, ctx) {
      // a number twice in one file: the second is refused like a taken one
      const repeated: Record<string, string> = {}
      if (kind.order === 'self') {
        const seen = new Set<string>()
        records.forEach((r, i) => {
          const no = String(r.OrderNo ?? '')
          const path = `postData.insertRecords.${i}.OrderNo`
          if (seen.has(no)) repeated[path] = fieldText(path, 'orderNoTaken', ctx.lang)
          seen.add(no)
        })
      }
      try {
        const r = await save(trx, { insertRecords: records, updateRecords: [], removeRecords: [] }, ctx)
        refuse(repeated)
        return r.inserted ?? 0
      } catch (e) {
        if (e instanceof AppError && e.fieldErrors) refuse({ ...e.fieldErrors, ...repeated })
        throw e
      }
    },
  }
}

/** `SupplierForm/Upload` (SPEC §7): forms with the public form's rules, entered by staff. */
export function supplierFormImporter(kind: GridKind): Importer {
  const columns: ExcelColumn[] = Object.keys(supplierFormFields.shape).map((field) => ({ field, type: 'text' }))
  return {
    name: kind.name,
    label: kind.label,
    permission: kind.permission,
    menu: kind.menu,
    columns,
    known: ['Id', 'Remark', 'AuditStatus', 'AuditComment', 'CreateTimeString'],
    schema: supplierFormFields,
    async insert(trx, records, ctx) {
      for (const r of records) await insertForm(trx, r as z.output<typeof supplierFormFields>, ctx.ip, ctx.user.id)
      return records.length
    },
  }
}

/** One notice for a whole import instead of one per row: the first row's, or a summary. */
export function summaryNotice(kind: { label: { zh: string; en: string } }, created: NotifyInput[]): NotifyInput | undefined {
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
