import { orderInsert, orderRow, orderUpdate } from '#shared/contract/orders'
import {
  financeInsert,
  financeRow,
  financeUpdate,
  outsourcingInsert,
  outsourcingRow,
  outsourcingUpdate,
  purchaseInsert,
  purchaseRow,
  purchaseUpdate,
  qualityInsert,
  qualityRow,
  qualityUpdate,
  shipmentInsert,
  shipmentRow,
  shipmentUpdate,
  warehouseInsert,
  warehouseRow,
  warehouseUpdate,
} from '#shared/contract/supply-chain'
import { orderScreens } from '#shared/staff-screens'
import { ordersPermission } from '../../permissions.ts'
import type { FieldMap, GridKind } from './grid-kind.ts'
import { knownArea } from './grid-area.ts'

const remark = { Remark: ['remark', 'text'] } as const
const money: FieldMap = {
  Quantity: ['quantity', 'int'],
  UnitPrice: ['unit_price', 'number'],
  PriceSign: ['price_sign', 'text'],
}
const totalSum: FieldMap = { TotalSum: ['total_sum', 'number'] }
export const orderKind: GridKind = {
  name: 'Order',
  table: 'orders',
  label: { zh: '订单', en: 'order' },
  fields: {
    OrderNo: ['order_no', 'text'],
    Customer: ['customer', 'text'],
    PartName: ['part_name', 'text'],
    ...money,
    JobStartTimeString: ['job_start_time', 'text'],
    RoughForging: ['rough_forging', 'bool'],
    Workshop: ['workshop', 'int'],
    WorkshopSupervisor: ['workshop_supervisor', 'text'],
    MaterialQuantity: ['supervisor_material_qty', 'number'],
    MaterialPrice: ['supervisor_price', 'number'],
    CustomerArea: ['customer_area', 'text'],
    ...remark,
  },
  computed: totalSum,
  order: 'self',
  check: (v) => (knownArea(v.customer_area) ? {} : { customer_area: 'area' }),
  total: true,
  noticeType: 2,
  search: ['order_no', 'customer', 'part_name', 'workshop_supervisor', 'remark'],
  row: orderRow,
  insert: orderInsert,
  update: orderUpdate,
  permission: ordersPermission,
  menu: ['/order/order'],
  // the dashboard, the header search and every order-tied screen look orders up
  readMenu: ['/admin/index', ...orderScreens],
}

const child = (k: Omit<GridKind, 'order' | 'permission'>): GridKind => ({
  ...k,
  order: 'required',
  permission: ordersPermission,
})

export const purchaseKind = child({
  name: 'Purchase',
  menu: ['/supplier/purchase'],
  table: 'purchase',
  label: { zh: '采购单', en: 'purchase' },
  fields: {
    Supplier: ['supplier', 'text'],
    Material: ['material', 'text'],
    ...money,
    Unit: ['unit', 'text'],
    DeliveryDateString: ['delivery_date', 'text'],
    ...remark,
  },
  computed: totalSum,
  total: true,
  noticeType: 0,
  search: ['supplier', 'material', 'remark'],
  row: purchaseRow,
  insert: purchaseInsert,
  update: purchaseUpdate,
})

export const outsourcingKind = child({
  name: 'Outsourcing',
  menu: ['/supplier/outsourcing'],
  table: 'outsourcing',
  label: { zh: '外协加工', en: 'outsourcing' },
  fields: {
    Supplier: ['supplier', 'text'],
    Process: ['process', 'text'],
    ...money,
    DeliveryDateString: ['delivery_date', 'text'],
    ...remark,
  },
  computed: totalSum,
  total: true,
  noticeType: 1,
  search: ['supplier', 'process', 'remark'],
  row: outsourcingRow,
  insert: outsourcingInsert,
  update: outsourcingUpdate,
})

export const qualityKind = child({
  name: 'Quality',
  menu: ['/supplier/quality'],
  table: 'quality',
  label: { zh: '质检记录', en: 'quality inspection' },
  fields: {
    Item: ['item', 'text'],
    Inspector: ['inspector', 'text'],
    Quantity: ['quantity', 'int'],
    QualifiedQuantity: ['qualified_quantity', 'int'],
    InspectDateString: ['inspect_date', 'text'],
    ...remark,
  },
  search: ['item', 'inspector', 'remark'],
  row: qualityRow,
  insert: qualityInsert,
  update: qualityUpdate,
  check: (v) =>
    Number(v.qualified_quantity ?? 0) > Number(v.quantity ?? 0)
      ? { QualifiedQuantity: 'qualifiedOverQuantity' }
      : {},
})

export const warehouseKind = child({
  name: 'Warehouse',
  menu: ['/supplier/warehouse'],
  table: 'warehouse',
  label: { zh: '出入库记录', en: 'warehouse movement' },
  fields: {
    Material: ['material', 'text'],
    Direction: ['direction', 'int'],
    Quantity: ['quantity', 'int'],
    Location: ['location', 'text'],
    Handler: ['handler', 'text'],
    MoveDateString: ['move_date', 'text'],
    ...remark,
  },
  search: ['material', 'location', 'handler', 'remark'],
  row: warehouseRow,
  insert: warehouseInsert,
  update: warehouseUpdate,
})

export const financeKind = child({
  name: 'Finance',
  menu: ['/supplier/finance'],
  table: 'finance',
  label: { zh: '财务记录', en: 'finance entry' },
  fields: {
    EntryType: ['entry_type', 'int'],
    Counterparty: ['counterparty', 'text'],
    Item: ['item', 'text'],
    ...money,
    InvoiceNo: ['invoice_no', 'text'],
    EntryDateString: ['entry_date', 'text'],
    ...remark,
  },
  computed: totalSum,
  total: true,
  search: ['counterparty', 'item', 'invoice_no', 'remark'],
  row: financeRow,
  insert: financeInsert,
  update: financeUpdate,
})

export const shipmentKind = child({
  name: 'Shipment',
  menu: ['/ship/ship'],
  table: 'shipment',
  label: { zh: '发货单', en: 'shipment' },
  fields: {
    Carrier: ['carrier', 'text'],
    TrackingNo: ['tracking_no', 'text'],
    Quantity: ['quantity', 'int'],
    ShipDateString: ['ship_date', 'text'],
    Address: ['address', 'text'],
    ...remark,
  },
  noticeType: 3,
  search: ['carrier', 'tracking_no', 'address', 'remark'],
  row: shipmentRow,
  insert: shipmentInsert,
  update: shipmentUpdate,
})

/** The order grid and the grids of records tied to an order. */
export const orderKinds: GridKind[] = [
  orderKind,
  purchaseKind,
  outsourcingKind,
  qualityKind,
  warehouseKind,
  financeKind,
  shipmentKind,
]
