import { msg } from '@lingui/core/macro'
import { gridFileFields } from '#shared/contract/grid-files'
import type { GridColumn } from '../grid/grid-config.ts'

export const today = () => new Date().toISOString().slice(0, 10)

export const audit: GridColumn = { key: 'AuditStatus', label: msg`Audit`, type: 'audit', width: 90 }
export const remark: GridColumn = {
  key: 'Remark',
  label: msg`Remark`,
  type: 'text',
  editable: true,
  width: 160,
}
export const orderNo: GridColumn = {
  key: 'OrderNo',
  label: msg`Order number`,
  type: 'text',
  editable: true,
  width: 130,
  primary: true,
}
/** The order a record belongs to: picked among the existing orders. */
export const orderRef: GridColumn = { ...orderNo, type: 'order' }
export const money: GridColumn[] = [
  { key: 'Quantity', label: msg`Quantity`, type: 'int', editable: true, width: 90 },
  { key: 'UnitPrice', label: msg`Unit price`, type: 'price', editable: true, width: 100 },
  { key: 'TotalSum', label: msg`Total`, type: 'total', width: 110 },
  { key: 'PriceSign', label: msg`Currency`, type: 'text', editable: true, width: 70 },
]
export const moneyDefaults = { Quantity: '0', UnitPrice: '0', PriceSign: '¥' }

/** Columns of a record bought or made for an order: order, party, extras, money, date, audit, remark. */
export const childColumns = (
  key: string,
  label: ReturnType<typeof msg>,
  extra: GridColumn[],
  date: GridColumn,
  unit?: GridColumn,
): GridColumn[] => [
  orderRef,
  { key, label, type: 'text', editable: true, width: 180, primary: true },
  ...extra,
  money[0]!,
  ...(unit ? [unit] : []),
  ...money.slice(1),
  date,
  audit,
  remark,
]

/** The columns with the `keys` suggesting values of the `kind`'s records (`{kind}/GetSelectList?type={key}`). */
export const suggestFrom = (kind: string, keys: string[], columns: GridColumn[]): GridColumn[] =>
  columns.map((c) => (keys.includes(c.key) ? { ...c, suggest: { kind, type: c.key } } : c))
/** The file cell of a kind (`gridFileFields`: an order's drawing, purchase and quality photos). */
export const filesColumn = (kind: string, label: ReturnType<typeof msg>): GridColumn => {
  const files = gridFileFields[kind]!
  return { key: files.field, label, type: 'files', editable: true, width: 170, files }
}

/** The columns with the file cell placed before the audit state. */
export const withFiles = (columns: GridColumn[], files: GridColumn): GridColumn[] => {
  const at = columns.findIndex((c) => c.type === 'audit')
  return at < 0 ? [...columns, files] : [...columns.slice(0, at), files, ...columns.slice(at)]
}
