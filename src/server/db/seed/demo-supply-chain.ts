import type { Insertable, Kysely } from 'kysely'
import type { Database, FinanceTable, QualityTable, WarehouseTable } from '../schema.ts'
import { chunks, lineTotal, seededRandom } from './demo-util.ts'

const day = 86_400_000

const inspectors = ['周敏', '孙立新', '钱晓燕']
const keepers = ['赵海军', '吴建平']

/**
 * Demo quality inspections, warehouse movements and finance entries (the three supplier screens
 * a newcomer otherwise finds empty), derived from the demo orders' purchases, outsourcing and
 * shipments already in the database: incoming inspection and receipt of each bar-stock
 * purchase, final inspection, receipt and issue of each shipment's parts, the payable of each
 * purchase and outsourced operation and the receivable of each shipment. Reproducible (seeded
 * PRNG); nothing dated after `now`; entries of the last week still await approval.
 */
export async function seedDemoSupplyChain(
  trx: Kysely<Database>,
  now: Date,
  createdBy: number,
): Promise<void> {
  const rnd = seededRandom(20_261_207)
  const nowMs = now.getTime()
  const shift = (iso: string, days: number) => {
    const ms = Math.min(Date.parse(iso) + days * day, nowMs - day)
    return new Date(ms).toISOString()
  }
  const status = (iso: string) => (Date.parse(iso) > nowMs - 7 * day ? 0 : 1)
  const stamp = (iso: string, hour: number) =>
    new Date(
      Math.min(Date.parse(iso.slice(0, 10)) + hour * 3_600_000, nowMs - 60_000),
    ).toISOString()

  const orders = await trx
    .selectFrom('orders')
    .select(['id', 'order_no', 'customer', 'part_name', 'quantity', 'unit_price'])
    .where('audit_status', '=', 1)
    .execute()
  const byId = new Map(orders.map((o) => [o.id, o]))
  const ids = orders.map((o) => o.id)
  if (ids.length === 0) return
  const purchases = await trx
    .selectFrom('purchase')
    .select(['order_id', 'supplier', 'material', 'quantity', 'unit_price', 'created_at'])
    .where('order_id', 'in', ids)
    .where('audit_status', '=', 1)
    .orderBy('id')
    .execute()
  const outsourcing = await trx
    .selectFrom('outsourcing')
    .select(['order_id', 'supplier', 'process', 'quantity', 'unit_price', 'created_at'])
    .where('order_id', 'in', ids)
    .where('audit_status', '=', 1)
    .orderBy('id')
    .execute()
  const shipments = await trx
    .selectFrom('shipment')
    .select(['id', 'order_id', 'quantity', 'ship_date'])
    .where('order_id', 'in', ids)
    .orderBy('id')
    .execute()

  const quality: Insertable<QualityTable>[] = []
  const warehouse: Insertable<WarehouseTable>[] = []
  const finance: Insertable<FinanceTable>[] = []
  const year = now.getUTCFullYear()
  let invoice = 1000

  for (const [k, p] of purchases.entries()) {
    const arrived = shift(p.created_at, 3)
    const bars = !p.material.startsWith('H13')
    // incoming inspection: a sample of every delivery; one in nine finds a bar out of tolerance
    const sample = bars ? 10 : 3
    const failed = k % 9 === 4 ? 1 : 0
    quality.push({
      order_id: p.order_id,
      item: `来料检验：${p.material}`,
      inspector: inspectors[k % inspectors.length]!,
      quantity: sample,
      qualified_quantity: sample - failed,
      inspect_date: arrived.slice(0, 10) + 'T00:00:00.000Z',
      audit_status: status(arrived),
      remark: failed
        ? '1 件硬度超差，已通知供应商退换'
        : bars
          ? '化学成分、硬度、超声波探伤合格'
          : '',
      created_by: createdBy,
      created_at: stamp(arrived, 7),
    })
    warehouse.push({
      order_id: p.order_id,
      material: p.material,
      direction: 1,
      quantity: Math.round(p.quantity),
      location: bars ? `原材料库 A-${String((k % 12) + 1).padStart(2, '0')}` : '模具钢库 M-01',
      handler: keepers[k % keepers.length]!,
      move_date: arrived.slice(0, 10) + 'T00:00:00.000Z',
      audit_status: status(arrived),
      remark: '',
      created_by: createdBy,
      created_at: stamp(arrived, 8),
    })
    const billed = shift(p.created_at, 10)
    finance.push({
      order_id: p.order_id,
      entry_type: 2,
      counterparty: p.supplier,
      item: `材料款：${p.material}`,
      quantity: p.quantity,
      unit_price: p.unit_price,
      total_sum: lineTotal(p.quantity, p.unit_price),
      price_sign: '¥',
      invoice_no: `${year}-JX-${invoice++}`,
      entry_date: billed.slice(0, 10) + 'T00:00:00.000Z',
      audit_status: status(billed),
      remark: '月结 30 天',
      created_by: createdBy,
      created_at: stamp(billed, 9),
    })
  }

  for (const [k, o] of outsourcing.entries()) {
    const billed = shift(o.created_at, 14)
    finance.push({
      order_id: o.order_id,
      entry_type: 2,
      counterparty: o.supplier,
      item: `外协加工费：${o.process}`,
      quantity: o.quantity,
      unit_price: o.unit_price,
      total_sum: lineTotal(o.quantity, o.unit_price),
      price_sign: '¥',
      invoice_no: `${year}-JX-${invoice++}`,
      entry_date: billed.slice(0, 10) + 'T00:00:00.000Z',
      audit_status: status(billed),
      remark: k % 4 === 0 ? '含运费' : '',
      created_by: createdBy,
      created_at: stamp(billed, 9),
    })
  }

  for (const [k, s] of shipments.entries()) {
    const order = byId.get(s.order_id)
    if (!order) continue
    const checked = shift(s.ship_date, -1)
    // final inspection of the lot: a few parts set aside (surface marks, out of tolerance)
    const rejects = Math.floor(rnd() * Math.max(1, Math.round(s.quantity * 0.004)))
    quality.push({
      order_id: s.order_id,
      item: `成品终检：${order.part_name}`,
      inspector: inspectors[(k + 1) % inspectors.length]!,
      quantity: s.quantity + rejects,
      qualified_quantity: s.quantity,
      inspect_date: checked.slice(0, 10) + 'T00:00:00.000Z',
      audit_status: status(checked),
      remark: rejects ? `${rejects} 件表面磕伤，隔离返修` : '尺寸、外观、磁粉探伤全部合格',
      created_by: createdBy,
      created_at: stamp(checked, 9),
    })
    const location = `成品库 C-${String((k % 20) + 1).padStart(2, '0')}`
    warehouse.push({
      order_id: s.order_id,
      material: order.part_name,
      direction: 1,
      quantity: s.quantity,
      location,
      handler: keepers[(k + 1) % keepers.length]!,
      move_date: checked.slice(0, 10) + 'T00:00:00.000Z',
      audit_status: status(checked),
      remark: '终检合格入库',
      created_by: createdBy,
      created_at: stamp(checked, 11),
    })
    warehouse.push({
      order_id: s.order_id,
      material: order.part_name,
      direction: 2,
      quantity: s.quantity,
      location,
      handler: keepers[k % keepers.length]!,
      move_date: s.ship_date,
      audit_status: status(s.ship_date),
      remark: `发货出库：${order.order_no}`,
      created_by: createdBy,
      created_at: stamp(s.ship_date, 5),
    })
    const billed = shift(s.ship_date, 5)
    finance.push({
      order_id: s.order_id,
      entry_type: 1,
      counterparty: order.customer,
      item: `货款：${order.part_name}`,
      quantity: s.quantity,
      unit_price: order.unit_price,
      total_sum: lineTotal(s.quantity, order.unit_price),
      price_sign: '¥',
      invoice_no: `${year}-XS-${String(k + 1).padStart(4, '0')}`,
      entry_date: billed.slice(0, 10) + 'T00:00:00.000Z',
      audit_status: status(billed),
      remark: '增值税专用发票，票到 60 天付款',
      created_by: createdBy,
      created_at: stamp(billed, 10),
    })
  }

  for (const batch of chunks(quality)) await trx.insertInto('quality').values(batch).execute()
  for (const batch of chunks(warehouse)) await trx.insertInto('warehouse').values(batch).execute()
  for (const batch of chunks(finance)) await trx.insertInto('finance').values(batch).execute()
}
