/**
 * Required fields of each grid: the server refuses a record that leaves one empty
 * (code `required`, nothing saved, no notice sent) and the grid and card mark them. An empty
 * text or a missing value counts as empty (a quantity of 0 is a value: spreadsheets exported
 * with it import again). OrderNo of the records tied to an order is listed for the mark only:
 * their contract already refuses a record without it (`orderNoRequired`), and a supplier form's
 * Company, Contact and Phone are the public form's own required fields (staff only annotate).
 */
export const gridRequired: Readonly<Record<string, readonly string[]>> = {
  Order: ['OrderNo', 'Customer', 'PartName', 'Quantity'],
  // the records tied to an order: the order, the party or item their card leads with
  Purchase: ['OrderNo', 'Supplier', 'Material'],
  Outsourcing: ['OrderNo', 'Supplier', 'Process'],
  Quality: ['OrderNo', 'Item'],
  Warehouse: ['OrderNo', 'Material'],
  Finance: ['OrderNo', 'Counterparty'],
  Shipment: ['OrderNo', 'Carrier'],
  // a report is of a day and a workshop (the two fields its card leads with)
  ProductionReport: ['ReportDateString', 'Workshop'],
  SupplierForm: ['Company', 'Contact', 'Phone'],
}

/** The required fields of a grid kind (none for kinds without a list). */
export const requiredFieldsOf = (kind: string): readonly string[] =>
  Object.hasOwn(gridRequired, kind) ? gridRequired[kind]! : []

/** True when a required value is empty: missing or blank text. */
export function isEmptyRequired(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}
