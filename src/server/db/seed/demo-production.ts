import type { Kysely } from 'kysely'
import type { Database } from '../schema.ts'
import { chunks, demoClock, seededRandom } from './demo-util.ts'

const workshops = [
  {
    name: '锻造车间',
    processes: ['下料', '模锻', '切边'],
    operators: ['张建国', '李伟'],
    base: 1800,
  },
  {
    name: '机加工车间',
    processes: ['粗车', '精车', '磨削'],
    operators: ['王强', '陈磊'],
    base: 1200,
  },
]

/**
 * Demo production reports: one report per workshop and working day over the last
 * 30 days, tied to the passed orders of that time; reproducible from a seeded PRNG.
 */
export async function seedDemoProduction(
  trx: Kysely<Database>,
  now: Date,
  createdBy: number,
): Promise<void> {
  const clock = demoClock(now)
  const rnd = seededRandom(20_260_601)
  const orders = await trx
    .selectFrom('orders')
    .select('id')
    .where('audit_status', '>', 0)
    .orderBy('id', 'desc')
    .limit(8)
    .execute()
  const rows = []
  for (let d = 30; d >= 1; d--) {
    const date = clock.date(d).slice(0, 10)
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 0) continue // Sundays off
    for (const [w, shop] of workshops.entries()) {
      const output = Math.round(shop.base * (0.8 + 0.4 * rnd()))
      rows.push({
        order_id: orders.length > 0 ? (orders[(d + w) % orders.length]?.id ?? null) : null,
        report_date: date,
        workshop: shop.name,
        process: shop.processes[d % shop.processes.length] ?? '',
        operator: shop.operators[d % shop.operators.length] ?? '',
        output_quantity: output,
        scrap_quantity: Math.round(output * (0.005 + 0.02 * rnd())),
        audit_status: d > 3 ? 1 : 0,
        created_by: createdBy,
        created_at: clock.at(d, 10, 30 + w),
      })
    }
  }
  for (const batch of chunks(rows))
    await trx.insertInto('production_report').values(batch).execute()
}
