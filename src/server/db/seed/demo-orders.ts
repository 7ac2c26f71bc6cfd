import type { Insertable } from 'kysely'
import type {
  NoticeTable,
  OrderTable,
  OutsourcingTable,
  PurchaseTable,
  ShipmentTable,
} from '../schema.ts'
import { demoCatalogue, type DemoProduct } from './demo-products.ts'
import { grouped, lineTotal, round3, seededRandom, type DemoClock } from './demo-util.ts'

/**
 * Demo back-office data: 48 customer orders over the last 90 days with their purchases,
 * outsourcing and shipments, and the notices the most recent of those events raised.
 * Everything is derived from the order index and a seeded PRNG, so it is reproducible.
 */

/** `area`: province, city, district codes (the order's customer area, SPEC §3 region item). */
const customers = [
  {
    name: '上海恒驰汽车动力系统有限公司',
    address: '上海市嘉定区安亭镇园业路1288号 恒驰动力总装厂收货处',
    area: '310000,310100,310114',
  },
  {
    name: '无锡威特柴油机零部件有限公司',
    address: '江苏省无锡市惠山区堰桥工业园惠成路16号',
    area: '320000,320200,320206',
  },
  {
    name: '常州华宇传动科技有限公司',
    address: '江苏省常州市新北区黄河西路218号',
    area: '320000,320400,320411',
  },
  {
    name: '南京云帆汽车底盘系统有限公司',
    address: '江苏省南京市江宁区秣陵街道胜利路66号',
    area: '320000,320100,320115',
  },
  {
    name: '浙江东锐齿轮传动有限公司',
    address: '浙江省台州市路桥区金清工业园东锐路8号',
    area: '330000,331000,331004',
  },
  {
    name: '苏州博越汽车零部件有限公司',
    address: '江苏省苏州市吴中区越溪街道吴中大道2555号',
    area: '320000,320500,320506',
  },
  {
    name: '山东泰岳重型车桥有限公司',
    address: '山东省济南市章丘区明水经济开发区泰岳路1号',
    area: '370000,370100,370114',
  },
  {
    name: '安徽合锐新能源汽车有限公司',
    address: '安徽省合肥市经济技术开发区紫云路377号',
    area: '340000,340100,340111',
  },
  {
    name: 'Nordkamp Fahrwerktechnik GmbH',
    address: '上海市浦东新区外高桥保税区华京路88号（货代仓库，转运汉堡）',
    area: '310000,310100,310115',
  },
]

type Process = { zh: string; en: string; supplier: string; perKg: number; min: number }

const proc = {
  nitriding: {
    zh: '氮化处理',
    en: 'nitriding',
    supplier: '常州金热热处理有限公司',
    perKg: 4.2,
    min: 6,
  },
  crackTest: {
    zh: '磁粉探伤',
    en: 'magnetic particle inspection',
    supplier: '无锡中检无损检测有限公司',
    perKg: 0.35,
    min: 2.5,
  },
  peening: {
    zh: '喷丸强化',
    en: 'shot peening',
    supplier: '江苏亿达喷丸科技有限公司',
    perKg: 1.6,
    min: 0.6,
  },
  hardening: {
    zh: '调质热处理',
    en: 'quenching and tempering',
    supplier: '常州金热热处理有限公司',
    perKg: 2.4,
    min: 0.8,
  },
  carburising: {
    zh: '渗碳淬火',
    en: 'carburising and hardening',
    supplier: '常州武进华源热处理厂',
    perKg: 3.8,
    min: 1.2,
  },
  blasting: {
    zh: '抛丸清理',
    en: 'shot blasting',
    supplier: '江苏亿达喷丸科技有限公司',
    perKg: 0.5,
    min: 0.3,
  },
  zinc: {
    zh: '镀锌钝化',
    en: 'zinc plating',
    supplier: '常州天宁明亮表面处理有限公司',
    perKg: 3.2,
    min: 1.5,
  },
  phosphating: {
    zh: '磷化处理',
    en: 'phosphating',
    supplier: '常州天宁明亮表面处理有限公司',
    perKg: 1.1,
    min: 0.6,
  },
  ecoat: {
    zh: '电泳涂装',
    en: 'e-coating',
    supplier: '常州天宁明亮表面处理有限公司',
    perKg: 1.8,
    min: 2,
  },
  induction: {
    zh: '中频感应淬火',
    en: 'induction hardening',
    supplier: '常州武进华源热处理厂',
    perKg: 2.9,
    min: 4,
  },
} satisfies Record<string, Process>

/** Outsourced operations per part family (the two letters after FL-), and the workshop. */
const families: Record<string, { processes: Process[]; workshop: number }> = {
  CS: { processes: [proc.nitriding, proc.crackTest], workshop: 1 },
  CR: { processes: [proc.peening, proc.hardening], workshop: 1 },
  GR: { processes: [proc.carburising, proc.blasting], workshop: 2 },
  FG: { processes: [proc.zinc, proc.phosphating], workshop: 2 },
  SK: { processes: [proc.hardening, proc.ecoat], workshop: 1 },
  WH: { processes: [proc.blasting, proc.induction], workshop: 2 },
  AS: { processes: [proc.induction, proc.blasting], workshop: 2 },
}

const steelSuppliers = [
  '江阴澄丰特殊钢有限公司',
  '无锡锡联特钢材料有限公司',
  '常州武进恒泰钢材贸易有限公司',
  '南京宁钢金属材料有限公司',
]
const dieSteelSuppliers = ['常州精模模具钢有限公司', '昆山德胜模具材料有限公司']

const carriers = [
  { zh: '苏通物流', en: 'Sutong Logistics', prefix: 'ST' },
  { zh: '锡常快运', en: 'Xichang Express', prefix: 'XC' },
  { zh: '华东联运物流', en: 'East China Intermodal', prefix: 'HD' },
  { zh: '中邦零担物流', en: 'Zhongbang LTL Freight', prefix: 'ZB' },
]

/**
 * Commercial data of the orderable parts: machined price (¥/pc), forging weight (kg),
 * bar stock [grade, size, square?], steel price (¥/kg), typical lot size, buying customers.
 */
const partData: Record<
  string,
  [number, number, [string, string, boolean?], number, number, number[]]
> = {
  'FL-CS-2101': [465, 14.2, ['42CrMo4', 'Φ90'], 6.1, 1500, [0, 5]],
  'FL-CS-2102': [520, 17.5, ['38MnVS6', 'Φ100'], 5.8, 1200, [0, 5]],
  'FL-CS-2103': [760, 27, ['42CrMo4', 'Φ120'], 6.1, 600, [1]],
  'FL-CS-2104': [3850, 128, ['42CrMoA', '200×200', true], 6.2, 120, [1]],
  'FL-CS-2105': [385, 10.7, ['38MnVS6', 'Φ80'], 5.8, 2000, [0]],
  'FL-CR-3101': [68.5, 0.68, ['C70S6', 'Φ38'], 5.5, 12000, [0, 5]],
  'FL-CR-3102': [82, 0.8, ['36MnVS4', 'Φ40'], 5.9, 8000, [0]],
  'FL-CR-3103': [145, 1.7, ['42CrMo4', 'Φ50'], 6.1, 5000, [1]],
  'FL-CR-3104': [420, 5.3, ['42CrMoA', 'Φ75'], 6.2, 1500, [1]],
  'FL-CR-3105': [28.6, 0.9, ['40Cr', 'Φ45'], 5.2, 15000, [1, 5]],
  'FL-GR-4101': [118, 2.6, ['20CrMnTi', 'Φ70'], 5.6, 6000, [2]],
  'FL-GR-4102': [690, 9.8, ['20CrMnTiH', 'Φ110'], 5.7, 1000, [4, 6]],
  'FL-GR-4103': [38.5, 0.55, ['20CrMnTi', 'Φ45'], 5.6, 20000, [4, 6]],
  'FL-GR-4104': [46, 0.95, ['20CrMo', 'Φ60'], 5.7, 10000, [2]],
  'FL-GR-4105': [1280, 36, ['20CrMnTiH', 'Φ180'], 5.7, 400, [6, 4]],
  'FL-GR-4106': [96, 3, ['40Cr', 'Φ90'], 5.2, 4000, [1]],
  'FL-FG-5101': [86, 3.5, ['45', 'Φ85'], 4.6, 5000, [2, 5]],
  'FL-FG-5102': [92, 4.5, ['40Cr', 'Φ90'], 5.2, 5000, [4, 6]],
  'FL-FG-5103': [138, 6.1, ['42CrMo', 'Φ100'], 6.1, 2000, [2]],
  'FL-FG-5104': [42, 2, ['45', 'Φ70'], 4.6, 8000, [0, 1]],
  'FL-FG-5105': [168, 8.4, ['40Cr', 'Φ120'], 5.2, 1500, [6]],
  'FL-FG-5106': [110, 2.4, ['42CrMo4', 'Φ75'], 6.1, 4000, [7, 8]],
  'FL-SK-6101': [218, 7, ['38MnVS6', 'Φ80'], 5.8, 4000, [3, 5]],
  'FL-SK-6102': [286, 9.8, ['42CrMo4', 'Φ90'], 6.1, 2500, [3]],
  'FL-SK-6103': [395, 15.6, ['40Cr', 'Φ110'], 5.2, 1200, [3, 6]],
  'FL-SK-6104': [1180, 46, ['42CrMo', 'Φ160'], 6.1, 300, [6]],
  'FL-SK-6105': [196, 5.4, ['38MnVS6', 'Φ75'], 5.8, 3000, [3, 5]],
  'FL-SK-6106': [265, 6, ['42CrMo4', 'Φ80'], 6.1, 2500, [8, 7]],
  'FL-WH-7101': [345, 23, ['45', 'Φ160'], 4.6, 800, [6]],
  'FL-WH-7102': [78, 2.8, ['C56E2', 'Φ75'], 5, 10000, [3, 7]],
  'FL-WH-7103': [186, 11.5, ['45', 'Φ130'], 4.6, 1500, [6, 3]],
  'FL-AS-7104': [235, 12.8, ['40Cr', 'Φ55'], 5.2, 2000, [6, 4]],
  'FL-AS-7105': [620, 36, ['40CrMnMo', 'Φ70'], 6.6, 600, [6]],
  'FL-AS-7106': [198, 11, ['42CrMo4', 'Φ55'], 6.1, 2000, [3, 4]],
}

type Part = {
  product: DemoProduct
  family: { processes: Process[]; workshop: number }
  price: number
  weight: number
  stock: string
  stockEn: string
  steelPrice: number
  lot: number
  buyers: number[]
}

function orderableParts(): Part[] {
  const parts: Part[] = []
  for (const category of demoCatalogue) {
    for (const product of category.products) {
      const data = partData[product.partNo]
      const family = families[product.partNo.slice(3, 5)]
      if (product.draft || !data || !family) continue
      const [price, weight, [grade, size, square], steelPrice, lot, buyers] = data
      parts.push({
        product,
        family,
        price,
        weight,
        stock: `${grade} ${square ? '方坯' : '圆钢'} ${size}`,
        stockEn: `${grade} ${square ? 'square billet' : 'round bar'} ${size}`,
        steelPrice,
        lot,
        buyers,
      })
    }
  }
  return parts
}

type Child<T> = Omit<Insertable<T>, 'order_id'>

export type DemoOrderPlan = {
  order: Insertable<OrderTable> & { order_no: string }
  purchases: Child<PurchaseTable>[]
  outsourcing: Child<OutsourcingTable>[]
  shipments: Child<ShipmentTable>[]
}

export type DemoNoticePlan = {
  notice: Omit<Insertable<NoticeTable>, 'order_id'> & { created_at: string; order_no: string }
  /** read_at per recipient, null while unread */
  readAt: { admin: string | null; staff: string | null }
}

type Event = {
  type: 0 | 1 | 2 | 3
  daysAgo: number
  at: string
  orderNo: string
  msg: string
  msgEn: string
}

export const demoOrderCount = 48
const noticeCount = 14

/** Prices are kept to multiples of 0.005 (at most 3 decimals). */
const price005 = (v: number) => Math.round(v * 200) / 200

export function planDemoOrders(
  clock: DemoClock,
  users: { admin: number; staff: number },
): { orders: DemoOrderPlan[]; notices: DemoNoticePlan[] } {
  const rnd = seededRandom(20_260_417)
  const parts = orderableParts()
  const year = clock.now.getUTCFullYear()
  const plans: DemoOrderPlan[] = []
  const events: Event[] = []
  const rejected = new Set([6, 17, 29, 41])

  for (let i = 0; i < demoOrderCount; i++) {
    const part = parts[(i * 7 + 3) % parts.length]
    if (!part) throw new Error('demo parts list is empty')
    const p = part.product
    const orderNo = `FL${year}-${String(i + 1).padStart(4, '0')}`
    const d = 89 - Math.round((i * 88) / (demoOrderCount - 1)) // 89 .. 1 days ago
    const hour = 1 + ((i * 5) % 8)
    const minute = (i * 13) % 60
    const status = i >= 44 || i === 39 ? 0 : rejected.has(i) ? -1 : 1

    const customer =
      customers[part.buyers[(i + Math.floor(rnd() * 2)) % part.buyers.length] ?? 0] ?? customers[0]!
    const rough = p.partNo === 'FL-CR-3105' || rnd() < 0.22 ? 1 : 0
    const factor = [0.5, 0.75, 1, 1, 1.25, 1.5, 2][Math.floor(rnd() * 7)] ?? 1
    const step = part.lot >= 1000 ? 100 : 10
    const quantity = Math.max(step, Math.round((part.lot * factor) / step) * step)
    const unitPrice = price005(part.price * (rough ? 0.55 : 1) * (0.96 + 0.08 * rnd()))
    const materialKg = Math.round(quantity * part.weight * 1.08 * 10) / 10
    const createdAt = clock.at(d, hour, minute)

    const plan: DemoOrderPlan = {
      order: {
        order_no: orderNo,
        customer: customer.name,
        customer_area: customer.area,
        part_name: `${p.partNo} ${p.title}${rough && !p.title.includes('毛坯') ? '（毛坯）' : ''}`,
        quantity,
        unit_price: unitPrice,
        total_sum: lineTotal(quantity, unitPrice),
        price_sign: '¥',
        job_start_time: clock.date(d - 3 - (i % 5)),
        rough_forging: rough,
        workshop: part.family.workshop,
        supervisor_material_qty: materialKg,
        supervisor_price: Math.round(part.steelPrice * (0.97 + 0.06 * rnd()) * 100) / 100,
        audit_status: status,
        created_by: i % 3 === 0 ? users.admin : users.staff,
        created_at: createdAt,
      },
      purchases: [],
      outsourcing: [],
      shipments: [],
    }
    plans.push(plan)
    events.push({
      type: 2,
      daysAgo: d,
      at: createdAt,
      orderNo,
      msg: `新订单 ${orderNo} 已录入：${customer.name}，${p.partNo} ${p.title} ${grouped(quantity)} 件，请审核。`,
      msgEn: `New order ${orderNo} entered: ${p.titleEn} (${p.partNo}), ${grouped(quantity)} pcs, awaiting approval.`,
    })
    if (status === -1) continue

    // Bar stock, bought the day after the order (same day for today's newest orders).
    if (i % 9 !== 4) {
      const pd = d > 1 ? d - 1 : d
      const kg = Math.ceil(materialKg / 10) * 10
      const unit = round3(part.steelPrice * (0.98 + 0.05 * rnd()))
      const supplier = steelSuppliers[(i + Math.floor(rnd() * 2)) % steelSuppliers.length] ?? ''
      const at = clock.at(pd, d > 1 ? 2 : hour + 2, (minute + 21) % 60)
      plan.purchases.push({
        supplier,
        material: part.stock,
        quantity: kg,
        unit_price: unit,
        total_sum: lineTotal(kg, unit),
        audit_status: status === 0 || pd <= 3 ? 0 : 1,
        created_at: at,
      })
      events.push({
        type: 0,
        daysAgo: pd,
        at,
        orderNo,
        msg: `订单 ${orderNo} 新增采购单：${supplier}，${part.stock} ${grouped(kg)} kg，请审核。`,
        msgEn: `Purchase added to order ${orderNo}: ${grouped(kg)} kg of ${part.stockEn}, awaiting approval.`,
      })
    }
    // Die steel for a new set of dies on every fourth order; one quotation was turned down.
    if (i % 4 === 1) {
      const pd = d > 2 ? d - 2 : d
      const kg = 400 + (i % 5) * 150
      const unit = round3(36.5 + 4 * rnd())
      const at = clock.at(pd, d > 2 ? 5 : hour + 3, (minute + 37) % 60)
      plan.purchases.push({
        supplier: dieSteelSuppliers[i % 2] ?? '',
        material: 'H13 热作模具钢模块',
        quantity: kg,
        unit_price: unit,
        total_sum: lineTotal(kg, unit),
        audit_status: i % 16 === 1 && status === 1 ? -1 : status === 0 || pd <= 3 ? 0 : 1,
        created_at: at,
      })
      events.push({
        type: 0,
        daysAgo: pd,
        at,
        orderNo,
        msg: `订单 ${orderNo} 新增采购单：${dieSteelSuppliers[i % 2] ?? ''}，H13 热作模具钢模块 ${grouped(kg)} kg，请审核。`,
        msgEn: `Purchase added to order ${orderNo}: ${grouped(kg)} kg of H13 hot-work die steel blocks, awaiting approval.`,
      })
    }
    if (status !== 1) continue

    // Outsourced operation about twelve days after the order.
    const od = d - 12
    if ((i % 2 === 0 || i % 5 === 0) && od >= 1) {
      const process = rough ? proc.blasting : (part.family.processes[(i >> 1) % 2] ?? proc.blasting)
      const unit = price005(Math.max(process.min, part.weight * process.perKg))
      const at = clock.at(od, 3, (minute + 44) % 60)
      plan.outsourcing.push({
        supplier: process.supplier,
        process: process.zh,
        quantity,
        unit_price: unit,
        total_sum: lineTotal(quantity, unit),
        audit_status: od <= 3 ? 0 : 1,
        created_at: at,
      })
      events.push({
        type: 1,
        daysAgo: od,
        at,
        orderNo,
        msg: `订单 ${orderNo} 新增外协加工：${process.zh}（${process.supplier}），${grouped(quantity)} 件，请审核。`,
        msgEn: `Outsourcing added to order ${orderNo}: ${process.en}, ${grouped(quantity)} pcs, awaiting approval.`,
      })
    }

    // Delivery three to four weeks after the order; large lots go out in two parts.
    const sd = d - 24 - (i % 4)
    if (sd >= 1) {
      const split = quantity >= 1000 && i % 3 === 0
      const first = split ? Math.round((quantity * 0.6) / step) * step : quantity
      const lots: [number, number][] = [[sd, first]]
      if (split && sd - 8 >= 1) lots.push([sd - 8, quantity - first])
      const carrier = carriers[i % carriers.length] ?? carriers[0]!
      lots.forEach(([daysAgo, qty], k) => {
        const tracking = `${carrier.prefix}${year}${String(((i + 1) * 7919 + k * 104_729) % 1_000_000).padStart(6, '0')}`
        const at = clock.at(daysAgo, 6, (minute + 9 * k) % 60)
        plan.shipments.push({
          carrier: carrier.zh,
          tracking_no: tracking,
          quantity: qty,
          ship_date: clock.date(daysAgo),
          address: customer.address,
          audit_status: daysAgo <= 2 ? 0 : 1,
          created_at: at,
        })
        events.push({
          type: 3,
          daysAgo,
          at,
          orderNo,
          msg: `订单 ${orderNo} 已发货 ${grouped(qty)} 件，承运商${carrier.zh}，运单号 ${tracking}。`,
          msgEn: `Order ${orderNo}: ${grouped(qty)} pcs shipped with ${carrier.en}, tracking no. ${tracking}.`,
        })
      })
    }
  }

  return { orders: plans, notices: planNotices(events) }
}

/** The newest events of the last ten days become notices; the older ones have been read. */
function planNotices(events: Event[]): DemoNoticePlan[] {
  const recent = events
    .filter((e) => e.daysAgo <= 9)
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .slice(0, noticeCount)
    .reverse() // oldest first
  const used = new Set<string>()
  return recent.map((e, k) => {
    // notices are matched back to their ids by created_at, so keep it unique
    let ms = Date.parse(e.at)
    while (used.has(new Date(ms).toISOString())) ms += 1000
    const createdAt = new Date(ms).toISOString()
    used.add(createdAt)
    const readAt = new Date(ms + (95 + 17 * k) * 60_000).toISOString()
    return {
      notice: {
        msg: e.msg,
        msg_en: e.msgEn,
        create_type: e.type,
        order_no: e.orderNo,
        created_at: createdAt,
      },
      readAt: { admin: k < 8 ? readAt : null, staff: k < 6 ? readAt : null },
    }
  })
}
