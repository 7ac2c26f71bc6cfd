import { seededRandom } from '../demo-util.ts'
import { insertRows, type AnyDb, type Row } from './insert-batches.ts'
import * as v from './vocab.ts'

/** What `npm run seed:large` adds at scale 1 (a factory after about ten years). */
export const fullCounts = { orders: 100_000, logs: 1_000_000, notices: 200_000, products: 2_000 }
export type LargeCounts = typeof fullCounts

export const countsAt = (scale: number): LargeCounts => ({
  orders: Math.max(1, Math.round(fullCounts.orders * scale)),
  logs: Math.max(1, Math.round(fullCounts.logs * scale)),
  notices: Math.max(1, Math.round(fullCounts.notices * scale)),
  products: Math.max(1, Math.round(fullCounts.products * scale)),
})

const day = 86_400_000
/**
 * Orders handled in one transaction, with all their records: small enough that one commit's WAL
 * stays well inside half of the WAL bound at 500,000 orders (`--scale 5`).
 */
const ordersPerTransaction = 2_500

type Ctx = {
  db: AnyDb
  rnd: () => number
  now: number
  user: number
  print: (line: string) => void
}
const pick = <T>(c: Ctx, list: readonly T[]): T => list[Math.floor(c.rnd() * list.length)]!
const int = (c: Ctx, lo: number, hi: number) => lo + Math.floor(c.rnd() * (hi - lo + 1))
const iso = (ms: number) => new Date(ms).toISOString()
const money = (q: number, p: number) => Math.round(q * p * 1000) / 1000

function audit(c: Ctx, at: number) {
  const s = c.rnd()
  const status = s < 0.75 ? 1 : s < 0.85 ? -1 : 0
  return {
    audit_status: status,
    audit_comment:
      status === -1
        ? pick(c, ['单价偏高，请重新询价', 'Drawing revision missing', '数量与合同不符'])
        : '',
    audited_at: status === 0 ? '' : iso(at + 3_600_000),
    audited_by: status === 0 ? null : c.user,
    created_by: c.user,
    created_at: iso(at),
    remark: pick(c, v.remarks),
  }
}

function orderRow(c: Ctx, i: number, at: number): Row {
  const [zh, en] = pick(c, v.parts)
  const q = int(c, 50, 20_000)
  const price = Math.round((20 + c.rnd() * 3000) * 100) / 100
  return {
    order_no: `SO${iso(at).slice(0, 7).replace('-', '')}-L${String(i).padStart(6, '0')}`,
    customer: pick(c, v.customers),
    part_name: `FL-${pick(c, v.partFamilies)}-${int(c, 1000, 9999)} ${zh} ${en}`,
    quantity: q,
    unit_price: price,
    total_sum: money(q, price),
    price_sign: '¥',
    job_start_time: iso(at + int(c, 1, 30) * day).slice(0, 10),
    rough_forging: c.rnd() < 0.3 ? 1 : 0,
    workshop: int(c, 1, 2),
    supervisor_material_qty: Math.round(q * (1 + c.rnd()) * 10) / 10,
    supervisor_price: Math.round((4 + c.rnd() * 3) * 100) / 100,
    workshop_supervisor: pick(c, v.people),
    files: '[]',
    customer_area: pick(c, v.areas),
    ...audit(c, at),
  }
}

/** The purchase, outsourcing, quality, warehouse, finance and shipment rows of one order. */
function children(c: Ctx, id: number, at: number, out: Record<string, Row[]>) {
  const later = (days: number) => at + days * day
  for (let k = int(c, 1, 2); k > 0; k--) {
    const q = int(c, 100, 50_000)
    const p = Math.round((4 + c.rnd() * 4) * 100) / 100
    out.purchase!.push({
      order_id: id,
      supplier: pick(c, v.suppliers),
      material: `${pick(c, v.steels)} Φ${int(c, 30, 200)} 圆钢 round bar`,
      quantity: q,
      unit: 'kg',
      unit_price: p,
      total_sum: money(q, p),
      price_sign: '¥',
      delivery_date: iso(later(int(c, 3, 20))).slice(0, 10),
      files: '[]',
      ...audit(c, later(1)),
    })
  }
  for (let k = int(c, 0, 2); k > 0; k--) {
    const [supplier, process] = pick(c, v.processes)
    const q = int(c, 50, 20_000)
    const p = Math.round((0.3 + c.rnd() * 5) * 100) / 100
    out.outsourcing!.push({
      order_id: id,
      supplier,
      process,
      quantity: q,
      unit_price: p,
      total_sum: money(q, p),
      price_sign: '¥',
      delivery_date: iso(later(int(c, 10, 40))).slice(0, 10),
      ...audit(c, later(5)),
    })
  }
  const inspected = int(c, 50, 20_000)
  out.quality!.push({
    order_id: id,
    item: pick(c, [
      '尺寸全检 dimensional check',
      '硬度抽检 hardness sampling',
      '磁粉探伤 MPI',
      '金相组织 microstructure',
    ]),
    inspector: pick(c, v.people),
    quantity: inspected,
    qualified_quantity: inspected - int(c, 0, Math.min(50, inspected)),
    inspect_date: iso(later(int(c, 20, 50))).slice(0, 10),
    files: '[]',
    ...audit(c, later(20)),
  })
  for (let k = int(c, 1, 2); k > 0; k--) {
    out.warehouse!.push({
      order_id: id,
      material: `${pick(c, v.steels)} ${pick(c, ['毛坯 forging blank', '成品 finished part', '棒料 bar stock'])}`,
      direction: k === 1 ? 1 : -1,
      quantity: int(c, 10, 20_000),
      location: pick(c, v.locations),
      handler: pick(c, v.people),
      move_date: iso(later(int(c, 5, 60))).slice(0, 10),
      ...audit(c, later(5)),
    })
  }
  for (let k = int(c, 1, 2); k > 0; k--) {
    const q = int(c, 1, 20_000)
    const p = Math.round((1 + c.rnd() * 800) * 100) / 100
    out.finance!.push({
      order_id: id,
      entry_type: k === 1 ? 1 : 2,
      counterparty: k === 1 ? pick(c, v.customers) : pick(c, v.suppliers),
      item: k === 1 ? '货款 goods payment' : '材料款 material payment',
      quantity: q,
      unit_price: p,
      total_sum: money(q, p),
      price_sign: '¥',
      invoice_no: `INV${int(c, 10_000_000, 99_999_999)}`,
      entry_date: iso(later(int(c, 30, 90))).slice(0, 10),
      ...audit(c, later(30)),
    })
  }
  if (c.rnd() < 0.8) {
    const [carrier, prefix] = pick(c, v.carriers)
    out.shipment!.push({
      order_id: id,
      carrier,
      tracking_no: `${prefix}${int(c, 100_000_000, 999_999_999)}`,
      quantity: int(c, 50, 20_000),
      ship_date: iso(later(int(c, 40, 80))).slice(0, 10),
      address: `${pick(c, ['江苏省', '上海市', '浙江省', 'Hamburg'])}${pick(c, v.customers)} 收货处`,
      ...audit(c, later(40)),
    })
  }
}

/** Orders with their records, spread over ten years; returns the ids and numbers. */
async function seedOrders(c: Ctx, n: number) {
  const ids: number[] = []
  const numbers: string[] = []
  const start = c.now - 3650 * day
  for (let from = 0; from < n; from += ordersPerTransaction) {
    await c.db.transaction().execute(async (trx) => {
      const count = Math.min(ordersPerTransaction, n - from)
      const at = (i: number) => start + Math.floor(((from + i) / n) * 3640 * day)
      const rows = Array.from({ length: count }, (_, i) => orderRow(c, from + i, at(i)))
      const newIds = await insertRows(trx, 'orders', rows, true)
      const out: Record<string, Row[]> = {
        purchase: [],
        outsourcing: [],
        quality: [],
        warehouse: [],
        finance: [],
        shipment: [],
      }
      newIds.forEach((id, i) => children(c, id, at(i), out))
      for (const [table, list] of Object.entries(out)) await insertRows(trx, table, list)
      ids.push(...newIds)
      numbers.push(...rows.map((r) => String(r.order_no)))
    })
    c.print(`  orders ${Math.min(from + ordersPerTransaction, n)}/${n}`)
  }
  return { ids, numbers }
}

/** Operation-log lines, newest last, all inside the log retention window (170 days). */
async function seedLogs(c: Ctx, n: number) {
  const per = 50_000
  for (let from = 0; from < n; from += per) {
    await c.db.transaction().execute(async (trx) => {
      const rows: Row[] = []
      for (let i = from; i < Math.min(n, from + per); i++) {
        const [operation, result] = pick(c, v.operations)
        rows.push({
          account: pick(c, v.accounts),
          operation: `${operation} ${result === 'success' ? `#${int(c, 1, 100_000)}` : ''}`.trim(),
          log_type:
            operation.startsWith('save') || operation.startsWith('delete') ? 'database' : 'system',
          result,
          ip: `10.${int(c, 0, 3)}.${int(c, 0, 255)}.${int(c, 1, 254)}`,
          created_at: iso(c.now - 170 * day + Math.floor((i / n) * 170 * day)),
          repeat_count: 1,
        })
      }
      await insertRows(trx, 'system_log', rows)
    })
    c.print(`  log lines ${Math.min(from + per, n)}/${n}`)
  }
}

/** Notices to one user inside the notice retention window (80 days), every second one unread. */
async function seedNotices(c: Ctx, n: number, orders: { ids: number[]; numbers: string[] }) {
  const per = 20_000
  for (let from = 0; from < n; from += per) {
    await c.db.transaction().execute(async (trx) => {
      const notices: Row[] = []
      for (let i = from; i < Math.min(n, from + per); i++) {
        const k = Math.floor(c.rnd() * orders.ids.length)
        const no = orders.numbers[k]!
        const type = int(c, 0, 3)
        const texts = [
          [`订单 ${no} 新增采购单，请审核。`, `Order ${no}: new purchase, awaiting approval.`],
          [`订单 ${no} 新增外协加工，请审核。`, `Order ${no}: new outsourcing, awaiting approval.`],
          [`新订单 ${no} 已录入，请审核。`, `New order ${no} entered, awaiting approval.`],
          [`订单 ${no} 新增发货单，请审核。`, `Order ${no}: new shipment, awaiting approval.`],
        ][type]!
        notices.push({
          msg: texts[0]!,
          msg_en: texts[1]!,
          create_type: type,
          order_id: orders.ids[k]!,
          order_no: no,
          created_at: iso(c.now - 80 * day + Math.floor((i / n) * 80 * day)),
        })
      }
      const ids = await insertRows(trx, 'notice', notices, true)
      const recipients = ids.map((id, j) => {
        const unread = (from + j) % 2 === 0
        const at = String(notices[j]!.created_at)
        return {
          notice_id: id,
          user_id: c.user,
          is_read: unread ? 0 : 1,
          read_at: unread ? null : iso(Date.parse(at) + 3_600_000),
          create_type: notices[j]!.create_type ?? 0,
          created_at: at,
        }
      })
      await insertRows(trx, 'notice_recipient', recipients)
    })
    c.print(`  notices ${Math.min(from + per, n)}/${n}`)
  }
}

async function seedProducts(c: Ctx, n: number) {
  let category = (
    await c.db.selectFrom('product_category').select('id').orderBy('id').executeTakeFirst()
  )?.id as number | undefined
  if (category === undefined) {
    const row = await c.db
      .insertInto('product_category')
      .values({
        parent_id: 0,
        title: '锻件',
        title_en: 'Forgings',
        img_url: '',
        sort: 0,
        created_at: iso(c.now),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    category = Number(row.id)
  }
  const rows: Row[] = Array.from({ length: n }, (_, i) => {
    const [zh, en] = pick(c, v.parts)
    const steel = pick(c, v.steels)
    return {
      category_id: category,
      title: `${zh} ${steel}`,
      title_en: `${en[0]!.toUpperCase()}${en.slice(1)}, ${steel}`,
      part_no: `FL-${pick(c, v.partFamilies)}-L${String(i).padStart(5, '0')}`,
      summary: `${steel}模锻${zh}，重量${int(c, 1, 120)}公斤，调质处理。`,
      summary_en: `Closed-die forged ${en} in ${steel}, ${int(c, 1, 120)} kg, quenched and tempered.`,
      body: '',
      body_en: '',
      images: '[]',
      specs: '[]',
      sort: i,
      featured: i % 50 === 0 ? 1 : 0,
      published: 1,
      created_at: iso(c.now - i * 3_600_000),
      updated_at: iso(c.now - i * 3_600_000),
    }
  })
  await c.db.transaction().execute((trx) => insertRows(trx, 'product', rows))
  c.print(`  products ${n}`)
}

/**
 * Adds a factory's years of data to a migrated and seeded database: orders with their
 * purchase, outsourcing, quality, warehouse, finance and shipment rows, operation-log lines,
 * notices to one user (half unread) and products. Deterministic (seeded PRNG); multi-row INSERTs,
 * one transaction per batch.
 */
export async function seedLarge(
  db: AnyDb,
  counts: LargeCounts,
  opts: { userLogin?: string; now?: Date; print?: (line: string) => void } = {},
) {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('login_name', '=', opts.userLogin ?? 'admin')
    .executeTakeFirstOrThrow()
  const c: Ctx = {
    db,
    rnd: seededRandom(31),
    now: (opts.now ?? new Date()).getTime(),
    user: Number(user.id),
    print: opts.print ?? (() => {}),
  }
  const orders = await seedOrders(c, counts.orders)
  await seedLogs(c, counts.logs)
  await seedNotices(c, counts.notices, orders)
  await seedProducts(c, counts.products)
}
