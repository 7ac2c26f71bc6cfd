import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { gridExportBody, gridExportMaxRows, xlsxContentType } from '#shared/contract/grid-excel'
import { requestLang } from '../../i18n.ts'
import type { GridKind } from '../orders/grid-kind.ts'
import { gridButtonsAllowed } from '../orders/grid-access.ts'
import { listGrid } from '../orders/grid-repository.ts'
import { exportColumns } from './columns.ts'
import { writeSheet } from './write-sheet.ts'

/**
 * `POST {API_PREFIX}/{Kind}/Export` with the grid's filter (keyword, orderId, orderNo,
 * auditStatus, sort): an .xlsx of the matching rows in the list's order, at most
 * `gridExportMaxRows` (header `X-Total-Count` gives how many matched).
 */
export function gridExportRoute(kind: GridKind, tag: string) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      `/${kind.name}/Export`,
      {
        config: { permission: kind.permission, menu: kind.menu },
        schema: {
          tags: [tag],
          summary: `The ${kind.label.en} rows of a filter as an .xlsx file`,
          body: gridExportBody,
          produces: [xlsxContentType],
        },
      },
      async (req, reply) => {
        const lang = requestLang(req)
        // SPEC §6: 403 when Export is hidden; hidden columns are neither written nor searched
        const perms = await gridButtonsAllowed(app.deps.db, req.user!, ['export'])
        const page = await listGrid(kind, app.deps.db.db, { ...req.body, pageIndex: 1, pageSize: gridExportMaxRows }, perms)
        const columns = exportColumns(kind).filter((c) => perms.columnShown(c.field))
        const file = await writeSheet(kind, columns, page.result, lang)
        const name = `${kind.name}-${new Date().toISOString().slice(0, 10)}.xlsx`
        return reply
          .header('content-type', xlsxContentType)
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('x-total-count', String(page.total))
          .header('cache-control', 'no-store')
          .send(file)
      },
    )
  }
}
