import { msg } from '@lingui/core/macro'
import { orderInsert, orderRow, orderUpdate } from '#shared/contract/orders'
import {
  outsourcingInsert,
  outsourcingRow,
  outsourcingUpdate,
  purchaseInsert,
  purchaseRow,
  purchaseUpdate,
  shipmentInsert,
  shipmentRow,
  shipmentUpdate,
} from '#shared/contract/supply-chain'
import type { GridColumn, GridConfig } from '../grid/grid-config.ts'

const today = () => new Date().toISOString().slice(0, 10)

const audit: GridColumn = { key: 'AuditStatus', label: msg`Audit`, type: 'audit', width: 90 }
const remark: GridColumn = { key: 'Remark', label: msg`Remark`, type: 'text', editable: true, width: 160 }
const orderNo: GridColumn = { key: 'OrderNo', label: msg`Order number`, type: 'text', editable: true, width: 130, primary: true }
const money: GridColumn[] = [
  { key: 'Quantity', label: msg`Quantity`, type: 'int', editable: true, width: 90 },
  { key: 'UnitPrice', label: msg`Unit price`, type: 'price', editable: true, width: 100 },
  { key: 'TotalSum', label: msg`Total`, type: 'total', width: 110 },
  { key: 'PriceSign', label: msg`Currency`, type: 'text', editable: true, width: 70 },
]
const moneyDefaults = { Quantity: '0', UnitPrice: '0', PriceSign: '¥' }

export const orderGrid: GridConfig = {
  kind: 'Order',
  title: msg`Orders`,
  row: orderRow,
  insert: orderInsert,
  update: orderUpdate,
  newRow: () => ({ OrderNo: '', Customer: '', PartName: '', ...moneyDefaults, JobStartTimeString: today(), RoughForging: false, Workshop: 1, WorkshopSupervisor: '', MaterialQuantity: '0', MaterialPrice: '0', Remark: '', AuditStatus: 0 }),
  columns: [
    orderNo,
    { key: 'Customer', label: msg`Customer`, type: 'text', editable: true, width: 180, primary: true },
    { key: 'PartName', label: msg`Part`, type: 'text', editable: true, width: 160 },
    ...money,
    { key: 'JobStartTimeString', label: msg`Job start`, type: 'date', editable: true, width: 130 },
    { key: 'RoughForging', label: msg`Rough forging`, type: 'bool', editable: true, width: 80 },
    { key: 'Workshop', label: msg`Material`, type: 'workshop', editable: true, width: 110 },
    { key: 'WorkshopSupervisor', label: msg`Workshop supervisor`, type: 'text', editable: true, width: 110 },
    { key: 'MaterialQuantity', label: msg`Material quantity`, type: 'price', editable: true, width: 100 },
    { key: 'MaterialPrice', label: msg`Material price`, type: 'price', editable: true, width: 100 },
    audit,
    remark,
  ],
}

const child = (key: string, label: ReturnType<typeof msg>, extra: GridColumn[], date: GridColumn): GridColumn[] => [
  orderNo,
  { key, label, type: 'text', editable: true, width: 180, primary: true },
  ...extra,
  ...money,
  date,
  audit,
  remark,
]

export const purchaseGrid: GridConfig = {
  kind: 'Purchase',
  title: msg`Purchase`,
  row: purchaseRow,
  insert: purchaseInsert,
  update: purchaseUpdate,
  newRow: () => ({ OrderNo: '', Supplier: '', Material: '', ...moneyDefaults, DeliveryDateString: today(), Remark: '', AuditStatus: 0 }),
  columns: child('Supplier', msg`Supplier`, [{ key: 'Material', label: msg`Material`, type: 'text', editable: true, width: 160 }], {
    key: 'DeliveryDateString',
    label: msg`Delivery date`,
    type: 'date',
    editable: true,
    width: 130,
  }),
}

export const outsourcingGrid: GridConfig = {
  kind: 'Outsourcing',
  title: msg`Outsourcing`,
  row: outsourcingRow,
  insert: outsourcingInsert,
  update: outsourcingUpdate,
  newRow: () => ({ OrderNo: '', Supplier: '', Process: '', ...moneyDefaults, DeliveryDateString: today(), Remark: '', AuditStatus: 0 }),
  columns: child('Supplier', msg`Supplier`, [{ key: 'Process', label: msg`Process`, type: 'text', editable: true, width: 160 }], {
    key: 'DeliveryDateString',
    label: msg`Delivery date`,
    type: 'date',
    editable: true,
    width: 130,
  }),
}

export const shipmentGrid: GridConfig = {
  kind: 'Shipment',
  title: msg`Shipping`,
  row: shipmentRow,
  insert: shipmentInsert,
  update: shipmentUpdate,
  newRow: () => ({ OrderNo: '', Carrier: '', TrackingNo: '', Quantity: '0', ShipDateString: today(), Address: '', Remark: '', AuditStatus: 0 }),
  columns: [
    orderNo,
    { key: 'Carrier', label: msg`Carrier`, type: 'text', editable: true, width: 150, primary: true },
    { key: 'TrackingNo', label: msg`Tracking number`, type: 'text', editable: true, width: 150 },
    { key: 'Quantity', label: msg`Quantity`, type: 'int', editable: true, width: 90 },
    { key: 'ShipDateString', label: msg`Ship date`, type: 'date', editable: true, width: 130 },
    { key: 'Address', label: msg`Address`, type: 'text', editable: true, width: 220 },
    audit,
    remark,
  ],
}
