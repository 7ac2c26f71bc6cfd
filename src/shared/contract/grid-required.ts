/**
 * Required fields of each grid (issue 35): the server refuses a record that leaves one empty
 * (code `required`, nothing saved, no notice sent) and the grid and card mark them. An empty
 * text, a missing value or a quantity of 0 counts as empty. OrderNo of the records tied to an
 * order is required by their contract already.
 */
export const gridRequired: Readonly<Record<string, readonly string[]>> = {
  Order: ['OrderNo', 'Customer', 'PartName', 'Quantity'],
  Purchase: ['Supplier', 'Material', 'Quantity'],
  Outsourcing: ['Supplier', 'Process', 'Quantity'],
  Quality: ['Item', 'Quantity'],
  Warehouse: ['Material', 'Quantity'],
  Finance: ['Counterparty', 'Item'],
  Shipment: ['Carrier', 'Quantity'],
}

/** The required fields of a grid kind (none for kinds without a list). */
export const requiredFieldsOf = (kind: string): readonly string[] =>
  Object.hasOwn(gridRequired, kind) ? gridRequired[kind]! : []

/** True when a required value is empty: missing, blank text, or a quantity of 0. */
export function isEmptyRequired(field: string, value: unknown): boolean {
  if (value === undefined || value === null) return true
  if (typeof value === 'string') return value.trim() === '' || (field === 'Quantity' && Number(value) === 0)
  if (typeof value === 'number') return field === 'Quantity' && value === 0
  return false
}
