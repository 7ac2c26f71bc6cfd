import type { FastifyInstance } from 'fastify'
import { registerGrids } from '../orders/routes.ts'
import { productionChartRoute } from './chart.ts'
import { productionReportKind } from './kind.ts'
import { productionSelectRoute } from './select-list.ts'

/** Production reports (SPEC §7): GetList, Get, GetChartList, GetSelectList, Save/Audit through PostCommon. */
export async function productionRoutes(app: FastifyInstance) {
  await registerGrids(app, [productionReportKind], 'production')
  await app.register(productionChartRoute)
  await app.register(productionSelectRoute)
}
