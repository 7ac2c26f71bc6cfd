import { msg } from '@lingui/core/macro'
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
  warehouseInsert,
  warehouseRow,
  warehouseUpdate,
} from '#shared/contract/supply-chain'
import { productionReportInsert, productionReportRow, productionReportUpdate } from '#shared/contract/production'
import type { GridConfig } from '../grid/grid-config.ts'
import { audit, childColumns, money, moneyDefaults, orderRef, remark, suggestFrom, today } from './grid-columns.ts'

export const purchaseGrid: GridConfig = {
  kind: 'Purchase',
  title: msg`Purchase`,
  row: purchaseRow,
  insert: purchaseInsert,
  update: purchaseUpdate,
  newRow: () => ({ OrderNo: '', Supplier: '', Material: '', ...moneyDefaults, Unit: 'kg', DeliveryDateString: today(), Remark: '', AuditStatus: 0 }),
  columns: suggestFrom('Purchase', ['Supplier'], childColumns(
    'Supplier',
    msg`Supplier`,
    [{ key: 'Material', label: msg`Material`, type: 'text', editable: true, width: 160 }],
    { key: 'DeliveryDateString', label: msg`Delivery date`, type: 'date', editable: true, width: 130 },
    {
      key: 'Unit',
      label: msg`Unit`,
      type: 'choice',
      editable: true,
      width: 80,
      options: [
        { value: 'kg', label: msg`kg` },
        { value: 'pcs', label: msg`pcs` },
        { value: 't', label: msg`t` },
        { value: 'm', label: msg`m` },
      ],
    },
  )),
}

export const outsourcingGrid: GridConfig = {
  kind: 'Outsourcing',
  title: msg`Outsourcing`,
  row: outsourcingRow,
  insert: outsourcingInsert,
  update: outsourcingUpdate,
  newRow: () => ({ OrderNo: '', Supplier: '', Process: '', ...moneyDefaults, DeliveryDateString: today(), Remark: '', AuditStatus: 0 }),
  columns: suggestFrom('Outsourcing', ['Supplier'], childColumns('Supplier', msg`Supplier`, [{ key: 'Process', label: msg`Process`, type: 'text', editable: true, width: 160 }], {
    key: 'DeliveryDateString',
    label: msg`Delivery date`,
    type: 'date',
    editable: true,
    width: 130,
  })),
}

export const qualityGrid: GridConfig = {
  kind: 'Quality',
  title: msg`Quality inspection`,
  row: qualityRow,
  insert: qualityInsert,
  update: qualityUpdate,
  newRow: () => ({ OrderNo: '', Item: '', Inspector: '', Quantity: '0', QualifiedQuantity: '0', InspectDateString: today(), Remark: '', AuditStatus: 0 }),
  columns: [
    orderRef,
    { key: 'Item', label: msg`Item`, type: 'text', editable: true, width: 180, primary: true },
    { key: 'Inspector', label: msg`Inspector`, type: 'text', editable: true, width: 110 },
    { key: 'Quantity', label: msg`Inspected`, type: 'int', editable: true, width: 90 },
    { key: 'QualifiedQuantity', label: msg`Qualified`, type: 'int', editable: true, width: 90 },
    { key: 'InspectDateString', label: msg`Inspection date`, type: 'date', editable: true, width: 130 },
    audit,
    remark,
  ],
}

export const warehouseGrid: GridConfig = {
  kind: 'Warehouse',
  title: msg`Warehouse`,
  row: warehouseRow,
  insert: warehouseInsert,
  update: warehouseUpdate,
  newRow: () => ({ OrderNo: '', Material: '', Direction: 1, Quantity: '0', Location: '', Handler: '', MoveDateString: today(), Remark: '', AuditStatus: 0 }),
  columns: [
    orderRef,
    { key: 'Material', label: msg`Material`, type: 'text', editable: true, width: 180, primary: true },
    {
      key: 'Direction',
      label: msg`Movement`,
      type: 'choice',
      editable: true,
      width: 90,
      options: [
        { value: 1, label: msg`Stock in` },
        { value: 2, label: msg`Stock out` },
      ],
    },
    { key: 'Quantity', label: msg`Quantity`, type: 'int', editable: true, width: 90 },
    { key: 'Location', label: msg`Location`, type: 'text', editable: true, width: 110 },
    { key: 'Handler', label: msg`Handled by`, type: 'text', editable: true, width: 100 },
    { key: 'MoveDateString', label: msg`Date`, type: 'date', editable: true, width: 130 },
    audit,
    remark,
  ],
}

export const financeGrid: GridConfig = {
  kind: 'Finance',
  title: msg`Finance`,
  row: financeRow,
  insert: financeInsert,
  update: financeUpdate,
  newRow: () => ({ OrderNo: '', EntryType: 1, Counterparty: '', Item: '', ...moneyDefaults, InvoiceNo: '', EntryDateString: today(), Remark: '', AuditStatus: 0 }),
  columns: [
    orderRef,
    { key: 'Counterparty', label: msg`Counterparty`, type: 'text', editable: true, width: 180, primary: true },
    {
      key: 'EntryType',
      label: msg`Entry`,
      type: 'choice',
      editable: true,
      width: 90,
      options: [
        { value: 1, label: msg`Receivable` },
        { value: 2, label: msg`Payable` },
      ],
    },
    { key: 'Item', label: msg`Item`, type: 'text', editable: true, width: 150 },
    ...money,
    { key: 'InvoiceNo', label: msg`Invoice number`, type: 'text', editable: true, width: 120 },
    { key: 'EntryDateString', label: msg`Date`, type: 'date', editable: true, width: 130 },
    audit,
    remark,
  ],
}

export const productionReportGrid: GridConfig = {
  kind: 'ProductionReport',
  title: msg`Production reports`,
  row: productionReportRow,
  insert: productionReportInsert,
  update: productionReportUpdate,
  newRow: () => ({ ReportDateString: today(), Workshop: '', Process: '', Operator: '', OutputQuantity: '0', ScrapQuantity: '0', OrderNo: '', Remark: '', AuditStatus: 0 }),
  columns: [
    { key: 'ReportDateString', label: msg`Date`, type: 'date', editable: true, width: 130, primary: true },
    { key: 'Workshop', label: msg`Workshop`, type: 'text', editable: true, width: 120, primary: true, suggest: { kind: 'ProductionReport', type: 'workshop' } },
    { key: 'Process', label: msg`Process`, type: 'text', editable: true, width: 120, suggest: { kind: 'ProductionReport', type: 'process' } },
    { key: 'Operator', label: msg`Operator`, type: 'text', editable: true, width: 100, suggest: { kind: 'ProductionReport', type: 'operator' } },
    { key: 'OutputQuantity', label: msg`Output`, type: 'int', editable: true, width: 90 },
    { key: 'ScrapQuantity', label: msg`Scrap`, type: 'int', editable: true, width: 90 },
    { ...orderRef, primary: false },
    audit,
    remark,
  ],
}
