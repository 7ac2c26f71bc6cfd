import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { productionSelectQuery, productionSelectResponse } from '#shared/contract/production'
import { ordersPermission } from '../../permissions.ts'

const column = { workshop: 'workshop', process: 'process', operator: 'operator' } as const
/** `%keyword%`; a wildcard in the keyword only widens the match */
const likePattern = (keyword: string) => `%${keyword}%`

/**
 * `GET {API_PREFIX}/ProductionReport/GetSelectList?type=&keyword=`: options for select and
 * auto-complete inputs: distinct workshops, processes or operators of the reports, or orders
 * (value Id, label OrderNo), at most 50.
 */
export async function productionSelectRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/ProductionReport/GetSelectList',
    {
      config: { permission: ordersPermission, menu: ['/production/report'] },
      schema: {
        tags: ['production'],
        summary: 'Options for the production report inputs',
        querystring: productionSelectQuery,
        response: { 200: productionSelectResponse },
      },
    },
    async (req) => {
      const db = app.deps.db.db
      const { type, keyword } = req.query
      if (type === 'order') {
        let q = db.selectFrom('orders').select(['id', 'order_no']).orderBy('id', 'desc').limit(50)
        if (keyword) q = q.where('order_no', 'like', likePattern(keyword))
        const rows = await q.execute()
        return { code: Code.ok, msg: 'ok', data: rows.map((r) => ({ label: r.order_no, value: r.id })) }
      }
      const col = column[type]
      let q = db.selectFrom('production_report').select(col).distinct().where(col, '!=', '').orderBy(col).limit(50)
      if (keyword) q = q.where(col, 'like', likePattern(keyword))
      const rows = await q.execute()
      return { code: Code.ok, msg: 'ok', data: rows.map((r) => ({ label: r[col], value: r[col] })) }
    },
  )
}
