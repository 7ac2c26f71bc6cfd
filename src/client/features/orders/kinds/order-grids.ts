import { msg } from '@lingui/core/macro'
import { orderInsert, orderRow, orderUpdate } from '#shared/contract/orders'
import { shipmentInsert, shipmentRow, shipmentUpdate } from '#shared/contract/supply-chain'
import type { GridConfig } from '../grid/grid-config.ts'
import { audit, filesColumn, money, moneyDefaults, orderNo, orderRef, remark, today } from './grid-columns.ts'

export const orderGrid: GridConfig = {
  kind: 'Order',
  title: msg`Orders`,
  row: orderRow,
  insert: orderInsert,
  update: orderUpdate,
  newRow: () => ({ OrderNo: '', Customer: '', PartName: '', ...moneyDefaults, Quantity: '', JobStartTimeString: today(), RoughForging: false, Workshop: 1, WorkshopSupervisor: '', MaterialQuantity: '0', MaterialPrice: '0', CustomerArea: '', Drawing: [], Remark: '', AuditStatus: 0 }),
  columns: [
    orderNo,
    { key: 'Customer', label: msg`Customer`, type: 'text', editable: true, width: 180, primary: true, suggest: { kind: 'Order', type: 'Customer' } },
    { key: 'CustomerArea', label: msg`Customer area`, type: 'area', editable: true, width: 320 },
    { key: 'PartName', label: msg`Part`, type: 'text', editable: true, width: 160, suggest: { kind: 'Order', type: 'PartName' } },
    ...money,
    { key: 'JobStartTimeString', label: msg`Job start`, type: 'date', editable: true, width: 130 },
    { key: 'RoughForging', label: msg`Rough forging`, type: 'bool', editable: true, width: 80 },
    {
      key: 'Workshop',
      label: msg`Material`,
      type: 'choice',
      editable: true,
      width: 110,
      options: [
        { value: 1, label: msg`Customer-supplied` },
        { value: 2, label: msg`Self-purchased` },
      ],
    },
    { key: 'WorkshopSupervisor', label: msg`Workshop supervisor`, type: 'text', editable: true, width: 110 },
    { key: 'MaterialQuantity', label: msg`Material quantity`, type: 'price', editable: true, width: 100 },
    { key: 'MaterialPrice', label: msg`Material price`, type: 'price', editable: true, width: 100 },
    filesColumn('Order', msg`Drawing`),
    audit,
    remark,
  ],
}


export const shipmentGrid: GridConfig = {
  kind: 'Shipment',
  title: msg`Shipping`,
  row: shipmentRow,
  insert: shipmentInsert,
  update: shipmentUpdate,
  newRow: () => ({ OrderNo: '', Carrier: '', TrackingNo: '', Quantity: '0', ShipDateString: today(), Address: '', Remark: '', AuditStatus: 0 }),
  columns: [
    orderRef,
    { key: 'Carrier', label: msg`Carrier`, type: 'text', editable: true, width: 150, primary: true },
    { key: 'TrackingNo', label: msg`Tracking number`, type: 'text', editable: true, width: 150 },
    { key: 'Quantity', label: msg`Quantity`, type: 'int', editable: true, width: 90 },
    { key: 'ShipDateString', label: msg`Ship date`, type: 'date', editable: true, width: 130 },
    { key: 'Address', label: msg`Address`, type: 'text', editable: true, width: 220 },
    audit,
    remark,
  ],
}
