import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { Requirement } from '#shared/acl'
import type { GridErrorCode } from '#shared/contract/grid-fields'
import { gridFileFields, parseGridFiles, type GridFileField } from '#shared/contract/grid-files'
import type { NoticeType } from '#shared/contract/notices'
import type { Database } from '../../db/schema.ts'

/** How a column is stored: text, integer, double, or a 0/1 flag shown as a boolean. */
export type ColumnType = 'text' | 'int' | 'number' | 'bool'
export type FieldMap = Record<string, readonly [column: string, type: ColumnType]>

export type GridTable =
  | 'orders'
  | 'purchase'
  | 'outsourcing'
  | 'quality'
  | 'warehouse'
  | 'finance'
  | 'shipment'
  | 'production_report'
  | 'supplier_form'

/**
 * One grid of the back-office (SPEC §2 "Generic grid screen"): its table, the contract field
 * of each column, and what saving it does. Every name here is static; nothing a client
 * sends ever becomes a table or column name.
 */
export type GridKind = {
  /** API name: `{name}/GetList`, `{name}/Get`, PostCommon `Save{name}` and `Audit{name}` */
  name: string
  table: GridTable
  /** what the record is called in notices and logs */
  label: { zh: string; en: string }
  /** editable contract fields -> [column, type] */
  fields: FieldMap
  /** read-only contract fields -> [column, type] (e.g. TotalSum) */
  computed?: FieldMap
  /** 'self': the orders grid; 'required'/'optional': rows tied to an order; 'none': not */
  order: 'self' | 'required' | 'optional' | 'none'
  /** TotalSum = Quantity x UnitPrice, computed on every save */
  total?: boolean
  /** creating or auditing a record sends a notice of this type (SPEC §3) */
  noticeType?: NoticeType
  /** columns the keyword filter searches */
  search: readonly string[]
  row: z.ZodType
  /** no insert schema: records are only created elsewhere (supplier forms) */
  insert?: z.ZodType
  update: z.ZodType
  permission: Requirement
  /** the staff screens (menu paths) where these rows are kept: list, get, save and audit */
  menu: readonly string[]
  /** more screens that only read the rows (list and get), e.g. order look-ups */
  readMenu?: readonly string[]
  /** cross-field rules on the merged column values: column -> code */
  check?(values: Record<string, unknown>): Partial<Record<string, GridErrorCode>>
}

/** Grid tables are addressed by name from the static descriptors above. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the descriptors hold the names; rows are mapped by toRow
export type LooseDb = Kysely<any>
export const loose = (db: Kysely<Database>): LooseDb => db as unknown as LooseDb

export type DbRow = Record<string, unknown>

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v))
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v))

function read(type: ColumnType, v: unknown): unknown {
  if (type === 'bool') return num(v) === 1
  if (type === 'text') return str(v)
  return num(v)
}

/** Column value for a parsed contract value. */
export function write(type: ColumnType, v: unknown): unknown {
  if (type === 'bool') return v ? 1 : 0
  return v
}

/** The file cell of a kind (its `files` column, migration 0013), or undefined when it has none. */
export const fileFieldOf = (kind: GridKind): GridFileField | undefined =>
  Object.hasOwn(gridFileFields, kind.name) ? gridFileFields[kind.name] : undefined

type Mapped = { field: string; column: string; type: ColumnType }[]
const mappedFields = new WeakMap<GridKind, Mapped>()
/** A kind's fields and computed fields as one list, made once per kind (read for every row). */
function mappedOf(kind: GridKind): Mapped {
  let list = mappedFields.get(kind)
  if (!list) {
    list = [kind.fields, kind.computed ?? {}].flatMap((map) =>
      Object.entries(map).map(([field, [column, type]]) => ({ field, column, type })),
    )
    mappedFields.set(kind, list)
  }
  return list
}

/** The contract row of a stored row (`order_no_ref` is the joined order number). */
export function toRow(kind: GridKind, r: DbRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    Id: num(r.id),
    AuditStatus: num(r.audit_status),
    AuditComment: str(r.audit_comment),
    AuditTimeString: str(r.audited_at),
    Remark: str(r.remark),
    CreateTimeString: str(r.created_at),
    // DESIGN §11: the version an edit starts from (1 for a row read before migration 0027 ran)
    RowVersion: r.row_version === undefined || r.row_version === null ? 1 : num(r.row_version),
  }
  if (kind.order === 'required' || kind.order === 'optional') {
    out.OrderId = num(r.order_id)
    out.OrderNo = str(r.order_no_ref)
  }
  for (const { field, column, type } of mappedOf(kind)) out[field] = read(type, r[column])
  const files = fileFieldOf(kind)
  if (files) out[files.field] = parseGridFiles(r.files)
  return out
}

/** Column of a contract field for sorting, or undefined when the field is not sortable. */
export function sortColumn(kind: GridKind, field: string): string | undefined {
  const base: Record<string, string> = {
    Id: 't.id',
    AuditStatus: 't.audit_status',
    CreateTimeString: 't.created_at',
  }
  // own keys only: `constructor`, `toString` or `__proto__` are not columns
  const own = <T extends object>(o: T | undefined) =>
    o && Object.hasOwn(o, field) ? o[field as keyof T] : undefined
  if (own(base)) return own(base)
  if (field === 'OrderNo' && kind.order !== 'self' && kind.order !== 'none') return 'o.order_no'
  const entry = own(kind.fields) ?? own(kind.computed)
  return entry ? `t.${entry[0]}` : undefined
}
