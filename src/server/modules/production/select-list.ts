import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { productionSelectQuery, selectListResponse } from '#shared/contract/grid-suggest'
import { ordersPermission } from '../../permissions.ts'
import { readSuggestions, suggestColumn } from '../orders/select-list-route.ts'
import { escapeLike, likeOf } from '../orders/suggest-repository.ts'
import { productionReportKind } from './kind.ts'

const field = { workshop: 'Workshop', process: 'Process', operator: 'Operator' } as const

/**
 * `GET {API_PREFIX}/ProductionReport/GetSelectList?type=&keyword=&limit=` (SPEC §7): options for
 * the select and auto-complete inputs: distinct workshops, processes or operators of the
 * reports (case-insensitive, those starting with the keyword first), or orders whose number
 * holds the keyword (value Id, label OrderNo, newest first); at most `limit` (20).
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
        response: { 200: selectListResponse },
      },
    },
    async (req) => {
      const { db, dialect } = app.deps.db
      const { type, keyword = '', limit } = req.query
      if (type === 'order') {
        let q = db
          .selectFrom('orders')
          .select(['id', 'order_no'])
          .orderBy('id', 'desc')
          .limit(limit)
        if (keyword) q = q.where(likeOf(dialect, 'order_no', `%${escapeLike(keyword)}%`))
        const rows = await q.execute()
        return {
          code: Code.ok,
          msg: 'ok',
          data: rows.map((r) => ({ label: r.order_no, value: r.id })),
        }
      }
      const column = await suggestColumn(app, productionReportKind, field[type], req.user!)
      const values = await readSuggestions(app, productionReportKind.table, column, keyword, limit)
      return { code: Code.ok, msg: 'ok', data: values.map((v) => ({ label: v, value: v })) }
    },
  )
}
