import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { productionChartBody, productionChartResponse } from '#shared/contract/production'
import { ordersPermission } from '../../permissions.ts'

const day = 86_400_000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * `POST {API_PREFIX}/ProductionReport/GetChartList`: output and scrap summed per day and
 * workshop, oldest first (default: the last 30 days up to today, UTC).
 */
export async function productionChartRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/ProductionReport/GetChartList',
    {
      config: { permission: ordersPermission, menu: ['/production/report'] },
      schema: {
        tags: ['production'],
        summary: 'Daily output and scrap per workshop',
        body: productionChartBody,
        response: { 200: productionChartResponse },
      },
    },
    async (req) => {
      const end = req.body.endDate ?? isoDay(Date.now())
      const start = req.body.startDate ?? isoDay(Date.parse(end) - 29 * day)
      let q = app.deps.db.db
        .selectFrom('production_report')
        .where('report_date', '>=', start)
        .where('report_date', '<=', end)
      if (req.body.workshop) q = q.where('workshop', '=', req.body.workshop)
      const rows = await q
        .select((eb) => [
          'report_date',
          'workshop',
          eb.fn.sum<number>('output_quantity').as('output'),
          eb.fn.sum<number>('scrap_quantity').as('scrap'),
        ])
        .groupBy(['report_date', 'workshop'])
        .orderBy('report_date')
        .orderBy('workshop')
        .execute()
      const result = rows.map((r) => ({
        DateString: r.report_date,
        Workshop: r.workshop,
        OutputQuantity: Number(r.output),
        ScrapQuantity: Number(r.scrap),
      }))
      return {
        code: Code.ok,
        msg: 'ok',
        data: { result, workshops: [...new Set(result.map((r) => r.Workshop))].sort() },
      }
    },
  )
}
