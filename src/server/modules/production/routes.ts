import type { FastifyInstance } from 'fastify'
import { registerGrids } from '../orders/routes.ts'
import { productionChartRoute } from './chart.ts'
import { productionReportKind } from './kind.ts'
import { productionSelectRoute } from './select-list.ts'

/** Production reports (SPEC §7): GetList, Get, GetChartList, GetSelectList, Save/Audit through PostCommon. */
export async function registerProduction(app: FastifyInstance, apiPrefix: string) {
  await registerGrids(app, apiPrefix, [productionReportKind], 'production')
  await app.register(productionChartRoute, { prefix: apiPrefix })
  await app.register(productionSelectRoute, { prefix: apiPrefix })
}
