/**
 * Which edits put an audited record back to pending review, per grid: the fields
 * that change what was approved (figures, parties, dates, the order it belongs to). A remark
 * is a note about the record, not part of it, so changing it keeps the audit. The server
 * applies this list when it saves; the grid screens use it to ask before such an edit.
 */
export const auditResetFields: Readonly<Record<string, readonly string[]>> = {
  Order: [
    'OrderNo',
    'Customer',
    'PartName',
    'Quantity',
    'UnitPrice',
    'PriceSign',
    'JobStartTimeString',
    'RoughForging',
    'Workshop',
    'WorkshopSupervisor',
    'MaterialQuantity',
    'MaterialPrice',
  ],
  Purchase: [
    'OrderId',
    'OrderNo',
    'Supplier',
    'Material',
    'Quantity',
    'Unit',
    'UnitPrice',
    'PriceSign',
    'DeliveryDateString',
  ],
  Outsourcing: [
    'OrderId',
    'OrderNo',
    'Supplier',
    'Process',
    'Quantity',
    'UnitPrice',
    'PriceSign',
    'DeliveryDateString',
  ],
  Quality: [
    'OrderId',
    'OrderNo',
    'Item',
    'Inspector',
    'Quantity',
    'QualifiedQuantity',
    'InspectDateString',
  ],
  Warehouse: [
    'OrderId',
    'OrderNo',
    'Material',
    'Direction',
    'Quantity',
    'Location',
    'Handler',
    'MoveDateString',
  ],
  Finance: [
    'OrderId',
    'OrderNo',
    'EntryType',
    'Counterparty',
    'Item',
    'Quantity',
    'UnitPrice',
    'PriceSign',
    'InvoiceNo',
    'EntryDateString',
  ],
  Shipment: [
    'OrderId',
    'OrderNo',
    'Carrier',
    'TrackingNo',
    'Quantity',
    'ShipDateString',
    'Address',
  ],
  ProductionReport: [
    'OrderId',
    'OrderNo',
    'ReportDateString',
    'Workshop',
    'Process',
    'Operator',
    'OutputQuantity',
    'ScrapQuantity',
  ],
  // staff only annotate a supplier form: nothing they edit resets its audit
  SupplierForm: [],
}

export type AuditResetChange = { field: string; from: unknown; to: unknown }

/** Values that mean the same: 12 and '12', true and 1, '' and null. */
function same(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === undefined || v === null || v === ''
  if (empty(a) || empty(b)) return empty(a) && empty(b)
  if (typeof a === 'boolean' || typeof b === 'boolean')
    return Boolean(Number(a) || a === true) === Boolean(Number(b) || b === true)
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b)
  return String(a) === String(b)
}

/**
 * The changes of an update that reset the audit of a record of `kind`: fields in the kind's
 * list that the update gives (`after`, contract field -> parsed value) with a value other than
 * the record's (`before`, its contract row). Empty when the update keeps the audit.
 */
export function auditResetChanges(
  kind: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditResetChange[] {
  const fields = auditResetFields[kind] ?? []
  const out: AuditResetChange[] = []
  for (const field of fields) {
    if (!Object.hasOwn(after, field) || after[field] === undefined) continue
    // an order named by number is compared by number, one named by Id by Id
    if (field === 'OrderId' && after.OrderNo !== undefined && after.OrderNo !== '') continue
    if (!same(before[field], after[field]))
      out.push({ field, from: before[field], to: after[field] })
  }
  return out
}
