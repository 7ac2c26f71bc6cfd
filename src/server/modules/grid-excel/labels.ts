type Label = { zh: string; en: string }

/** Column headers of the spreadsheets, in both languages (the grids' labels on the client). */
const labels: Record<string, Label> = {
  Id: { zh: '编号', en: 'Id' },
  OrderNo: { zh: '订单号', en: 'Order number' },
  OrderId: { zh: '订单编号', en: 'Order Id' },
  Customer: { zh: '客户', en: 'Customer' },
  PartName: { zh: '零件', en: 'Part' },
  Quantity: { zh: '数量', en: 'Quantity' },
  UnitPrice: { zh: '单价', en: 'Unit price' },
  TotalSum: { zh: '总金额', en: 'Total' },
  PriceSign: { zh: '币种', en: 'Currency' },
  JobStartTimeString: { zh: '开工日期', en: 'Job start' },
  RoughForging: { zh: '毛坯锻件', en: 'Rough forging' },
  Workshop: { zh: '车间', en: 'Workshop' },
  WorkshopSupervisor: { zh: '车间主管', en: 'Workshop supervisor' },
  MaterialQuantity: { zh: '材料数量', en: 'Material quantity' },
  MaterialPrice: { zh: '材料单价', en: 'Material price' },
  Supplier: { zh: '供应商', en: 'Supplier' },
  Material: { zh: '材料', en: 'Material' },
  Unit: { zh: '单位', en: 'Unit' },
  Process: { zh: '工序', en: 'Process' },
  DeliveryDateString: { zh: '交货日期', en: 'Delivery date' },
  Item: { zh: '项目', en: 'Item' },
  Inspector: { zh: '检验员', en: 'Inspector' },
  QualifiedQuantity: { zh: '合格数量', en: 'Qualified' },
  InspectDateString: { zh: '检验日期', en: 'Inspection date' },
  Direction: { zh: '出入库', en: 'Movement' },
  Location: { zh: '库位', en: 'Location' },
  Handler: { zh: '经办人', en: 'Handled by' },
  MoveDateString: { zh: '日期', en: 'Date' },
  EntryType: { zh: '类型', en: 'Entry' },
  Counterparty: { zh: '往来单位', en: 'Counterparty' },
  InvoiceNo: { zh: '发票号', en: 'Invoice number' },
  EntryDateString: { zh: '日期', en: 'Date' },
  Carrier: { zh: '承运商', en: 'Carrier' },
  TrackingNo: { zh: '运单号', en: 'Tracking number' },
  ShipDateString: { zh: '发货日期', en: 'Ship date' },
  Address: { zh: '地址', en: 'Address' },
  CustomerArea: { zh: '客户地区', en: 'Customer area' },
  ReportDateString: { zh: '日期', en: 'Date' },
  Operator: { zh: '操作工', en: 'Operator' },
  OutputQuantity: { zh: '产量', en: 'Output' },
  ScrapQuantity: { zh: '废品', en: 'Scrap' },
  Company: { zh: '公司', en: 'Company' },
  Contact: { zh: '联系人', en: 'Contact' },
  Phone: { zh: '手机', en: 'Phone' },
  Email: { zh: '邮箱', en: 'E-mail' },
  Products: { zh: '产品', en: 'Products' },
  Message: { zh: '留言', en: 'Message' },
  Photos: { zh: '照片', en: 'Photos' },
  Drawing: { zh: '图纸', en: 'Drawing' },
  AuditStatus: { zh: '审核', en: 'Audit' },
  AuditComment: { zh: '审核意见', en: 'Audit comment' },
  Remark: { zh: '备注', en: 'Remark' },
  CreateTimeString: { zh: '创建时间', en: 'Created' },
  // the record's version when exported: an import tells rows changed since (DESIGN §11)
  RowVersion: { zh: '版本号', en: 'Row version' },
}

/**
 * Labels that differ for one kind, as the kind's grid shows them (the grid's label is the
 * header: tests/client/grid-export-labels.test.ts): the order's Workshop is where its material
 * comes from, shown as "Material".
 */
const overrides: Record<string, Record<string, Label>> = {
  Order: { Workshop: { zh: '材料', en: 'Material' } },
  Purchase: { Photos: { zh: '送货单照片', en: 'Delivery note photos' } },
  Quality: {
    Quantity: { zh: '检验数量', en: 'Inspected' },
    Photos: { zh: '检验照片', en: 'Inspection photos' },
  },
  SupplierForm: {
    Phone: { zh: '电话', en: 'Phone' },
    Message: { zh: '消息', en: 'Message' },
    CreateTimeString: { zh: '收到时间', en: 'Received' },
  },
}

/** Headers earlier exports wrote: a file exported before the labels followed the grid still imports. */
const former: Record<string, Record<string, string[]>> = {
  Order: { Workshop: ['材料来源', 'Material source'] },
  Purchase: { Photos: ['照片', 'Photos'] },
  Quality: { Photos: ['照片', 'Photos'] },
  SupplierForm: { Phone: ['手机'], Message: ['留言'], CreateTimeString: ['创建时间', 'Created'] },
}

export const formerLabelsOf = (kind: string, field: string): string[] => former[kind]?.[field] ?? []

/** Coded columns: code -> label, exported as the label and imported from either. */
const choices: Record<string, Record<string, Record<number, Label>>> = {
  Order: {
    Workshop: {
      1: { zh: '客供料', en: 'Customer-supplied' },
      2: { zh: '自购料', en: 'Self-purchased' },
    },
  },
  Warehouse: {
    Direction: { 1: { zh: '入库', en: 'Stock in' }, 2: { zh: '出库', en: 'Stock out' } },
  },
  Finance: { EntryType: { 1: { zh: '收款', en: 'Receivable' }, 2: { zh: '付款', en: 'Payable' } } },
}

export function labelOf(kind: string, field: string): Label {
  return overrides[kind]?.[field] ?? labels[field] ?? { zh: field, en: field }
}

export function choicesOf(kind: string, field: string): Record<number, Label> | undefined {
  return choices[kind]?.[field]
}
