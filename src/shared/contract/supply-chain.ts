import { z } from 'zod'
import { baseVersionField } from './row-version.ts'
import {
  auditedRowFields,
  gridDate,
  gridPrice,
  gridPriceSign,
  gridQuantity,
  gridText,
  orderLinkFields,
  recordId,
} from './grid-fields.ts'
import { gridFile, gridFiles } from './grid-files.ts'

/**
 * Records tied to an order (DESIGN §5): purchase, outsourcing, quality inspection, warehouse
 * movement, finance entry, shipment. Rows carry OrderId and OrderNo; a new record names its
 * order by OrderId or by OrderNo ("order number required" when neither is given).
 * TotalSum = Quantity x UnitPrice is computed by the server.
 */
const orderRef = {
  OrderId: z.preprocess(
    (v) => (v === null || v === '' || v === 0 ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ message: 'orderNotFound' })
      .int('orderNotFound')
      .positive('orderNotFound')
      .optional(),
  ),
  OrderNo: gridText(50),
}

/** Insert schema of a child kind: its fields plus an order reference. */
function childInsert<S extends z.ZodRawShape>(fields: S) {
  return z.object({ ...orderRef, ...fields }).superRefine((r, ctx) => {
    const ref = r as { OrderId?: number; OrderNo?: string }
    if (ref.OrderId === undefined && !ref.OrderNo)
      ctx.addIssue({ code: 'custom', path: ['OrderNo'], message: 'orderNoRequired' })
  })
}
/** Update schema of a child kind: Id and the fields to change (the order may be changed too). */
const childUpdate = <S extends z.ZodRawShape>(fields: S) =>
  z.object({ Id: recordId, ...orderRef, ...fields, ...baseVersionField })

const money = { Quantity: gridQuantity, UnitPrice: gridPrice, PriceSign: gridPriceSign }
const moneyRow = {
  Quantity: z.number().int(),
  UnitPrice: z.number(),
  TotalSum: z.number(),
  PriceSign: z.string(),
}
const row = { ...auditedRowFields, ...orderLinkFields }

/** Units of a purchased quantity: kilograms, pieces, tonnes, metres. */
export const purchaseUnits = ['kg', 'pcs', 't', 'm'] as const
export type PurchaseUnit = (typeof purchaseUnits)[number]
/** A unit of `purchaseUnits`; empty means "not given" (a new purchase is then in kg). */
const purchaseUnit = z.preprocess(
  (v) =>
    v === null || (typeof v === 'string' && v.trim() === '')
      ? undefined
      : typeof v === 'string'
        ? v.trim()
        : v,
  z.enum(purchaseUnits, { message: 'unit' }).optional(),
)

// Purchase: material bought from a supplier for an order, its quantity in a unit.
const purchaseFields = {
  Supplier: gridText(100),
  Material: gridText(100),
  ...money,
  Unit: purchaseUnit,
  DeliveryDateString: gridDate,
  /** delivery-note photos (up to 3) */
  Photos: gridFiles,
  Remark: gridText(500),
}
export const purchaseRow = z.object({
  ...row,
  Supplier: z.string(),
  Material: z.string(),
  ...moneyRow,
  Unit: z.string(),
  DeliveryDateString: z.string(),
  Photos: z.array(gridFile),
})
export const purchaseInsert = childInsert(purchaseFields)
export const purchaseUpdate = childUpdate(purchaseFields)

// Outsourcing: an operation done by a subcontractor.
const outsourcingFields = {
  Supplier: gridText(100),
  Process: gridText(100),
  ...money,
  DeliveryDateString: gridDate,
  Remark: gridText(500),
}
export const outsourcingRow = z.object({
  ...row,
  Supplier: z.string(),
  Process: z.string(),
  ...moneyRow,
  DeliveryDateString: z.string(),
})
export const outsourcingInsert = childInsert(outsourcingFields)
export const outsourcingUpdate = childUpdate(outsourcingFields)

// Quality inspection: Quantity inspected, QualifiedQuantity passed (<= Quantity).
const qualityFields = {
  Item: gridText(100),
  Inspector: gridText(50),
  Quantity: gridQuantity,
  QualifiedQuantity: gridQuantity,
  InspectDateString: gridDate,
  /** photos of the inspection (up to 3) */
  Photos: gridFiles,
  Remark: gridText(500),
}
export const qualityRow = z.object({
  ...row,
  Item: z.string(),
  Inspector: z.string(),
  Quantity: z.number().int(),
  QualifiedQuantity: z.number().int(),
  InspectDateString: z.string(),
  Photos: z.array(gridFile),
})
export const qualityInsert = childInsert(qualityFields)
export const qualityUpdate = childUpdate(qualityFields)

// Warehouse movement: Direction 1 in (入库), 2 out (出库).
const direction = z.preprocess(
  (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
  z.union([z.literal(1), z.literal(2)]).optional(),
)
const warehouseFields = {
  Material: gridText(100),
  Direction: direction,
  Quantity: gridQuantity,
  Location: gridText(50),
  Handler: gridText(50),
  MoveDateString: gridDate,
  Remark: gridText(500),
}
export const warehouseRow = z.object({
  ...row,
  Material: z.string(),
  Direction: z.number().int(),
  Quantity: z.number().int(),
  Location: z.string(),
  Handler: z.string(),
  MoveDateString: z.string(),
})
export const warehouseInsert = childInsert(warehouseFields)
export const warehouseUpdate = childUpdate(warehouseFields)

// Finance entry: EntryType 1 receivable (收款), 2 payable (付款).
const financeFields = {
  EntryType: direction,
  Counterparty: gridText(100),
  Item: gridText(100),
  ...money,
  InvoiceNo: gridText(50),
  EntryDateString: gridDate,
  Remark: gridText(500),
}
export const financeRow = z.object({
  ...row,
  EntryType: z.number().int(),
  Counterparty: z.string(),
  Item: z.string(),
  ...moneyRow,
  InvoiceNo: z.string(),
  EntryDateString: z.string(),
})
export const financeInsert = childInsert(financeFields)
export const financeUpdate = childUpdate(financeFields)

// Shipment: a delivery of finished parts.
const shipmentFields = {
  Carrier: gridText(50),
  TrackingNo: gridText(50),
  Quantity: gridQuantity,
  ShipDateString: gridDate,
  Address: gridText(200),
  Remark: gridText(500),
}
export const shipmentRow = z.object({
  ...row,
  Carrier: z.string(),
  TrackingNo: z.string(),
  Quantity: z.number().int(),
  ShipDateString: z.string(),
  Address: z.string(),
})
export const shipmentInsert = childInsert(shipmentFields)
export const shipmentUpdate = childUpdate(shipmentFields)
