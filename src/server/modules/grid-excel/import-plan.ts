import { auditResetChanges } from '#shared/contract/audit-reset'
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type {
  ImportChangedField,
  ImportChangedRow,
  ImportRejectedRow,
} from '#shared/contract/grid-excel'
import type { GridPermissions } from '#shared/grid-permissions'
import type { Database } from '../../db/schema.ts'
import { t, type Lang } from '../../i18n.ts'
import { fieldText } from '../post-common/validate.ts'
import type { ExcelColumn, ExcelColumnType } from './columns.ts'
import type { Importer } from './importers.ts'
import { choicesOf, labelOf } from './labels.ts'
import { areaText } from '../orders/grid-area.ts'
import type { Sheet, SheetRow } from './read-sheet.ts'
import { loopTurns } from './loop-turns.ts'
import { checkImportedRow } from './import-clash.ts'

type Rec = Record<string, unknown>

/**
 * What an import would do: rows to insert, rows that change a stored record (with only the
 * changed fields), how many rows equal their record, and the refused cells. `token` names
 * exactly this plan, so an apply can check that it still does what the preview showed.
 */
export type ImportPlan = {
  inserts: { row: number; record: Rec }[]
  updates: { row: number; record: Rec; change: ImportChangedRow }[]
  unchanged: number
  rejected: ImportRejectedRow[]
  token: string
}

/** An audited record (passed or not passed) that an import changes goes back to pending, as with an inline edit. */
/** An audited record goes back to pending when the import changes a field of the kind's reset list. */
const auditResets = (kind: string, stored: Rec, changes: Rec) =>
  Number(stored.AuditStatus ?? 0) !== 0 && auditResetChanges(kind, stored, changes).length > 0

const time = (v: unknown) => (typeof v === 'string' && v !== '' ? Date.parse(v) : NaN)

/** Whether a stored value and an imported one are the same for the column type. */
function same(type: ExcelColumnType, stored: unknown, next: unknown): boolean {
  switch (type) {
    case 'int':
    case 'number':
    case 'choice':
      return Math.abs(Number(stored ?? 0) - Number(next ?? 0)) < 1e-9
    case 'bool':
      return Boolean(stored) === Boolean(next)
    case 'date':
    case 'time': {
      const a = time(stored)
      const b = time(next)
      return Number.isNaN(a) || Number.isNaN(b)
        ? String(stored ?? '') === String(next ?? '')
        : a === b
    }
    default:
      return String(stored ?? '').trim() === String(next ?? '').trim()
  }
}

/** A value as the preview shows it: labels for yes/no and choices, days for midnight dates. */
function shown(kind: string, c: ExcelColumn, v: unknown, lang: Lang): string {
  if (v === undefined || v === null) return ''
  if (c.type === 'bool') return v ? (lang === 'en' ? 'Yes' : '是') : lang === 'en' ? 'No' : '否'
  if (c.type === 'area') return areaText(v)
  if (c.type === 'choice')
    return choicesOf(kind, c.field)?.[Number(v)]?.[lang] ?? (Number(v) === 0 ? '' : String(v))
  if ((c.type === 'date' || c.type === 'time') && typeof v === 'string')
    return v.replace(/T00:00:00(\.000)?Z$/, '')
  return String(v)
}

const keyText = (importer: Importer, r: SheetRow): string | number | undefined => {
  const v = r.record[importer.key]
  if (v === undefined) return undefined
  if (importer.key === 'OrderNo') return String(v).trim() || undefined
  const n = Number(String(v).trim())
  return Number.isInteger(n) && n > 0 ? n : NaN
}

/** The schema's refusals of one row, one entry per refused field. */
function issuesOf(
  importer: Importer,
  row: number,
  error: z.ZodError,
  lang: Lang,
): ImportRejectedRow[] {
  const out: ImportRejectedRow[] = []
  const fields = new Set<string>()
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '')
    if (fields.has(field)) continue
    fields.add(field)
    const column = labelOf(importer.name, field)[lang]
    out.push({ row, field, column, reason: fieldText(column, issue.message, lang) })
  }
  return out
}

/**
 * Plans an import: each row is matched to a stored record by the importer's key (order number,
 * or Id: a blank Id is a new row, an unknown one is refused). A new row passes the insert schema;
 * a matched row's cells (a blank cell meaning an empty value) pass the update schema and only the
 * fields that differ from the record are kept. A key twice in one file refuses the second row.
 * Columns hidden from the user by grid permissions are left alone. Reads only; changes nothing.
 */
export async function planImport(
  importer: Importer,
  sheet: Sheet,
  db: Kysely<Database>,
  perms: GridPermissions,
  lang: Lang,
): Promise<ImportPlan> {
  const rejected: ImportRejectedRow[] = [...sheet.rejected]
  const refuse = (row: number, field: string, reason: string) =>
    rejected.push({ row, field, column: labelOf(importer.name, field)[lang], reason })
  const columns = sheet.present.filter(
    (c) => c.field !== 'Id' && c.field !== 'RowVersion' && perms.columnShown(c.field),
  )
  const rows = sheet.rows.filter((r) => r.refused.size === 0)
  const keys = rows
    .map((r) => keyText(importer, r))
    .filter((k): k is string | number => k !== undefined && !Number.isNaN(k))
  const stored = await importer.existing(db, [...new Set(keys)])
  const seen = new Set<string>()
  const plan: Omit<ImportPlan, 'token'> = { inserts: [], updates: [], unchanged: 0, rejected }

  // a few milliseconds of checks at a time: other requests are answered while a file is planned
  const turn = loopTurns()
  for (const r of rows) {
    await turn()
    const key = keyText(importer, r)
    if (typeof key === 'number' && Number.isNaN(key)) {
      refuse(r.row, 'Id', t('importUnknownId', lang))
      continue
    }
    if (key !== undefined) {
      if (seen.has(String(key))) {
        refuse(r.row, importer.key, t('importDuplicateKey', lang))
        continue
      }
      seen.add(String(key))
    }
    const record = key === undefined ? undefined : stored.get(String(key))
    if (!record) {
      if (importer.key === 'Id' && key !== undefined) {
        refuse(r.row, 'Id', t('importUnknownId', lang))
        continue
      }
      const parsed = importer.schema.safeParse(r.record)
      if (parsed.success) plan.inserts.push({ row: r.row, record: parsed.data as Rec })
      else rejected.push(...issuesOf(importer, r.row, parsed.error, lang))
      continue
    }
    const input: Rec = { Id: record.Id }
    let readOnly = false
    for (const c of columns) {
      const v = r.record[c.field] ?? ''
      if (importer.updatable.has(c.field)) input[c.field] = v
      else if (c.field !== importer.key && !same(c.type, record[c.field], v)) {
        refuse(r.row, c.field, t('importReadOnly', lang))
        readOnly = true
      }
    }
    if (readOnly) continue
    const parsed = importer.update.safeParse(input)
    if (!parsed.success) {
      rejected.push(...issuesOf(importer, r.row, parsed.error, lang))
      continue
    }
    const next = parsed.data as Rec
    // a record keeps its order: a blank order number on a stored record is refused, not applied
    if (
      next.OrderNo === '' &&
      importer.key === 'Id' &&
      columns.some((c) => c.field === 'OrderNo') &&
      record.OrderNo
    ) {
      refuse(
        r.row,
        'OrderNo',
        fieldText(labelOf(importer.name, 'OrderNo')[lang], 'orderNoRequired', lang),
      )
      continue
    }
    const found: Rec = {}
    const listed: ImportChangedField[] = []
    for (const c of columns) {
      if (
        !importer.updatable.has(c.field) ||
        next[c.field] === undefined ||
        same(c.type, record[c.field], next[c.field])
      )
        continue
      found[c.field] = next[c.field]
      const column = labelOf(importer.name, c.field)[lang]
      listed.push({
        field: c.field,
        column,
        from: shown(importer.name, c, record[c.field], lang),
        to: shown(importer.name, c, next[c.field], lang),
      })
    }
    // a row exported at an older version: fields Forgeline changed since are kept or clash
    const { changes, fields, clash } = await checkImportedRow(
      db,
      importer.name,
      record,
      r.record.RowVersion,
      found,
      listed,
    )
    if (fields.length === 0) {
      plan.unchanged++
      continue
    }
    const change = {
      row: r.row,
      key: String(key),
      auditReset: auditResets(importer.name, record, changes),
      fields,
      ...(clash ? { clash } : {}),
    }
    plan.updates.push({ row: r.row, record: { Id: record.Id, ...changes }, change })
  }
  rejected.sort((a, b) => a.row - b.row)
  // the plan's fingerprint, a row at a time (the whole plan as one JSON text held the loop 30-45 ms)
  const hash = createHash('sha256').update(JSON.stringify(importer.name))
  const lists = { inserts: plan.inserts, updates: plan.updates.map((u) => u.record) }
  for (const [name, list] of Object.entries(lists)) {
    hash.update(`\n${name}`)
    for (const item of list) {
      await turn()
      hash.update(`\n${JSON.stringify(item)}`)
    }
  }
  return { ...plan, token: hash.digest('hex') }
}
