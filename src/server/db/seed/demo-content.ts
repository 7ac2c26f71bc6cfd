import type { Insertable, Kysely } from 'kysely'
import type {
  Database,
  NoticeRecipientTable,
  OutsourcingTable,
  ProductTable,
  PurchaseTable,
  ShipmentTable,
} from '../schema.ts'
import { planDemoOrders } from './demo-orders.ts'
import { demoCatalogue } from './demo-products.ts'
import {
  demoAboutPage,
  demoCarousel,
  demoContact,
  demoEquipment,
  demoLeaving,
  demoNews,
} from './demo-site.ts'
import { chunks, demoClock, paragraphs } from './demo-util.ts'

export type DemoContext = {
  users: { admin: number; editor: number; staff: number }
  /** public URL of a bundled demo image; throws if the file does not exist */
  image: (file: string) => string
  now: Date
}

/** Which of its category's four pictures a product shows, by position in the category. */
const galleryPlans: { count: number; reverse: boolean }[] = [
  { count: 3, reverse: false },
  { count: 2, reverse: false },
  { count: 4, reverse: false },
  { count: 1, reverse: false },
  { count: 2, reverse: true },
  { count: 3, reverse: true },
]

function gallery(image: DemoContext['image'], category: number, position: number): string {
  const plan = galleryPlans[position % galleryPlans.length] ?? { count: 1, reverse: false }
  const entries: { url: string; thumb: string }[] = []
  for (let k = 0; k < plan.count; k++) {
    const offset = (position + (plan.reverse ? 4 - k : k)) % 4
    const nn = String(category * 4 + offset + 1).padStart(2, '0')
    entries.push({ url: image(`product-${nn}.webp`), thumb: image(`product-${nn}-sm.webp`) })
  }
  return JSON.stringify(entries)
}

/**
 * Inserts the bilingual demo content of a fresh installation: catalogue, website pages,
 * news, equipment, visitor messages and three months of back-office orders with notices.
 * Deterministic apart from timestamps, which are placed relative to `ctx.now`.
 */
export async function seedDemoContent(trx: Kysely<Database>, ctx: DemoContext): Promise<void> {
  const clock = demoClock(ctx.now)
  const { image } = ctx

  // Catalogue
  const categories = await trx
    .insertInto('product_category')
    .values(
      demoCatalogue.map((c, i) => ({
        parent_id: 0,
        title: c.title,
        title_en: c.titleEn,
        img_url: JSON.stringify([{ url: image(`category-${i + 1}.webp`) }]),
        sort: i + 1,
        created_at: clock.at(400, 1, i * 5),
      })),
    )
    .returning(['id', 'sort'])
    .execute()
  const categoryId = new Map(categories.map((c) => [c.sort, c.id]))

  const products: Insertable<ProductTable>[] = demoCatalogue.flatMap((c, ci) =>
    c.products.map((p, pi) => {
      const age = 380 - (ci * 6 + pi) * 9
      return {
        category_id: categoryId.get(ci + 1) ?? 0,
        title: p.title,
        title_en: p.titleEn,
        part_no: p.partNo,
        summary: p.summary,
        summary_en: p.summaryEn,
        body: paragraphs(p.body),
        body_en: paragraphs(p.bodyEn),
        images: gallery(image, ci, pi),
        specs: JSON.stringify(p.specs),
        sort: pi + 1,
        featured: p.featured ? 1 : 0,
        published: p.draft ? 0 : 1,
        created_at: clock.at(age, 2, pi * 7),
        updated_at: clock.at(p.draft ? 5 + ci : Math.max(20, age - 40 - pi * 11), 3, pi * 7),
      }
    }),
  )
  for (const batch of chunks(products)) await trx.insertInto('product').values(batch).execute()

  // Website
  await trx
    .insertInto('carousel')
    .values(demoCarousel(image, categoryId.get(1) ?? 1))
    .execute()
  await trx.insertInto('contact_info').values(demoContact(image, clock)).execute()
  await trx.insertInto('page').values(demoAboutPage(image, clock)).execute()
  await trx.insertInto('news').values(demoNews(image, ctx.now)).execute()
  await trx.insertInto('equipment').values(demoEquipment(image)).execute()
  await trx.insertInto('leaving').values(demoLeaving(clock)).execute()

  // Back office
  const { orders, notices } = planDemoOrders(clock, ctx.users)
  const orderId = new Map<string, number>()
  for (const batch of chunks(orders.map((o) => o.order))) {
    const rows = await trx
      .insertInto('orders')
      .values(batch)
      .returning(['id', 'order_no'])
      .execute()
    for (const r of rows) orderId.set(r.order_no, r.id)
  }
  const idOf = (orderNo: string) => {
    const id = orderId.get(orderNo)
    if (id === undefined) throw new Error(`demo order ${orderNo} was not inserted`)
    return id
  }

  const purchases: Insertable<PurchaseTable>[] = []
  const outsourcing: Insertable<OutsourcingTable>[] = []
  const shipments: Insertable<ShipmentTable>[] = []
  for (const o of orders) {
    const order_id = idOf(o.order.order_no)
    for (const r of o.purchases) purchases.push({ ...r, order_id })
    for (const r of o.outsourcing) outsourcing.push({ ...r, order_id })
    for (const r of o.shipments) shipments.push({ ...r, order_id })
  }
  for (const batch of chunks(purchases)) await trx.insertInto('purchase').values(batch).execute()
  for (const batch of chunks(outsourcing))
    await trx.insertInto('outsourcing').values(batch).execute()
  for (const batch of chunks(shipments)) await trx.insertInto('shipment').values(batch).execute()

  // Notices to the admin and the shop-floor staff account (the editor does not handle orders)
  const noticeId = new Map<string, number>()
  for (const batch of chunks(notices)) {
    const rows = await trx
      .insertInto('notice')
      .values(batch.map((n) => ({ ...n.notice, order_id: idOf(n.notice.order_no) })))
      .returning(['id', 'created_at'])
      .execute()
    for (const r of rows) noticeId.set(r.created_at, r.id)
  }
  const recipients: Insertable<NoticeRecipientTable>[] = notices.flatMap((n) => {
    const notice_id = noticeId.get(n.notice.created_at)
    if (notice_id === undefined) throw new Error('demo notice was not inserted')
    const copied = { create_type: n.notice.create_type, created_at: n.notice.created_at }
    return [
      {
        notice_id,
        ...copied,
        user_id: ctx.users.admin,
        is_read: n.readAt.admin ? 1 : 0,
        read_at: n.readAt.admin,
      },
      {
        notice_id,
        ...copied,
        user_id: ctx.users.staff,
        is_read: n.readAt.staff ? 1 : 0,
        read_at: n.readAt.staff,
      },
    ]
  })
  for (const batch of chunks(recipients))
    await trx.insertInto('notice_recipient').values(batch).execute()
}
