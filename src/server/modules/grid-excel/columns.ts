import { importKeyOf } from '#shared/contract/grid-excel'
import { fileFieldOf, type GridKind } from '../orders/grid-kind.ts'
import { choicesOf } from './labels.ts'

/** How a spreadsheet column is written and read. */
export type ExcelColumnType =
  'text' | 'int' | 'number' | 'bool' | 'date' | 'time' | 'choice' | 'audit' | 'files' | 'area'
export type ExcelColumn = { field: string; type: ExcelColumnType }

function typeOf(kind: string, field: string, stored: string): ExcelColumnType {
  if (choicesOf(kind, field)) return 'choice'
  if (field.endsWith('Area')) return 'area'
  if (field.endsWith('DateString')) return 'date'
  if (field.endsWith('TimeString')) return 'time'
  return stored as ExcelColumnType
}

const linked = (kind: GridKind) => kind.order === 'required' || kind.order === 'optional'

/**
 * The columns a kind's file may fill: the record Id where that is the kind's key (every kind but
 * orders, whose key is the order number), its editable fields and the order number of records
 * tied to an order. Only these header names ever become record keys.
 */
export function importColumns(kind: GridKind): ExcelColumn[] {
  const fields = Object.entries(kind.fields).map(([field, [, type]]) => ({
    field,
    type: typeOf(kind.name, field, type),
  }))
  const id: ExcelColumn[] = importKeyOf(kind.name) === 'Id' ? [{ field: 'Id', type: 'int' }] : []
  return [...id, ...(linked(kind) ? [{ field: 'OrderNo', type: 'text' } as const] : []), ...fields]
}

/** The record's version, the last column of an export; an import reads it to find rows changed since. */
export const versionColumn: ExcelColumn = { field: 'RowVersion', type: 'int' }

/**
 * The columns of an export: the importable ones, then the computed ones, the file cell (its
 * files' names and addresses; an import knows the header and leaves the files as they are),
 * audit state, creation time and, last, the record's version.
 */
export function exportColumns(kind: GridKind): ExcelColumn[] {
  const computed = Object.entries(kind.computed ?? {}).map(([field, [, type]]) => ({
    field,
    type: typeOf(kind.name, field, type),
  }))
  const fields = importColumns(kind)
  const remark = fields.filter((c) => c.field === 'Remark')
  return [
    ...fields.filter((c) => c.field !== 'Remark'),
    ...computed,
    ...(fileFieldOf(kind) ? [{ field: fileFieldOf(kind)!.field, type: 'files' } as const] : []),
    { field: 'AuditStatus', type: 'audit' },
    ...remark,
    { field: 'CreateTimeString', type: 'time' },
    versionColumn,
  ]
}
