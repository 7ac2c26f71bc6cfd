/**
 * Required fields of each grid (issue 35): the server refuses a record that leaves one empty
 * (code `required`, nothing saved, no notice sent) and the grid and card mark them. An empty
 * text or a missing value counts as empty (a quantity of 0 is a value: spreadsheets exported
 * with it import again). OrderNo of the records tied to an order is required by their contract.
 */
export const gridRequired: Readonly<Record<string, readonly string[]>> = {
  Order: ['OrderNo', 'Customer', 'PartName', 'Quantity'],
  // the records tied to an order: the party or item their card leads with, a purchase's material
  Purchase: ['Supplier', 'Material'],
  Outsourcing: ['Supplier'],
  Quality: ['Item'],
  Warehouse: ['Material'],
  Finance: ['Counterparty'],
  Shipment: ['Carrier'],
}

/** The required fields of a grid kind (none for kinds without a list). */
export const requiredFieldsOf = (kind: string): readonly string[] =>
  Object.hasOwn(gridRequired, kind) ? gridRequired[kind]! : []

/** True when a required value is empty: missing or blank text. */
export function isEmptyRequired(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}
