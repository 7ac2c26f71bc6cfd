import { PassThrough } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { fileAnswer } from '#shared/contract/envelope'
import { gridExportBody, gridExportMaxRows, xlsxContentType } from '#shared/contract/grid-excel'
import { AppError } from '../../errors.ts'
import { requestLang } from '../../i18n.ts'
import type { GridKind } from '../orders/grid-kind.ts'
import { gridButtonsAllowed } from '../orders/grid-access.ts'
import { gridRowBatches } from '../orders/grid-batches.ts'
import { countGrid, gridSelection } from '../orders/grid-repository.ts'
import { searchesFts } from '../orders/grid-search.ts'
import { loose } from '../orders/grid-kind.ts'
import { exportColumns } from './columns.ts'
import { exportLayout } from './export-layout.ts'
import { streamSheet } from './write-sheet.ts'

/**
 * `POST {API_PREFIX}/{Kind}/Export` with the grid's filter (keyword, orderId, orderNo,
 * auditStatus, sort): an .xlsx of every matching row in the list's order, streamed as it is
 * written (rows read in keyset batches, the event loop free between them). `X-Total-Count` tells
 * how many rows matched when the export began (a client shows progress from it). More rows than
 * one Excel sheet holds (`gridExportMaxRows`) are refused up front with a message naming the
 * limit; the file is never cut short silently (a failure while writing aborts the download).
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
          response: { 200: fileAnswer(xlsxContentType, 'The rows as an .xlsx file') },
        },
      },
      async (req, reply) => {
        const lang = requestLang(req)
        const db = app.deps.db.db
        // SPEC §6: 403 when Export is hidden; hidden columns are neither written nor searched
        const perms = await gridButtonsAllowed(app.deps.db, req.user!, ['export'])
        const total = await countGrid(
          kind,
          loose(db),
          gridSelection(kind, req.body, perms, searchesFts(db)).filter,
        )
        if (total > gridExportMaxRows)
          throw new AppError(Code.badRequest, 'exportTooManyRows', undefined, {
            max: gridExportMaxRows,
            count: total,
          })
        // in the grid's formats and the user's column order (export-layout.ts)
        const columns = exportLayout(
          exportColumns(kind).filter((c) => perms.columnShown(c.field)),
          req.body.columnOrder,
        )
        const name = `${kind.name}-${new Date().toISOString().slice(0, 10)}.xlsx`
        const body = new PassThrough()
        // metrics: from the request to the last row written (or the failure)
        const timed = app.metrics.transferSeconds.startTimer({
          direction: 'export',
          grid: kind.name,
        })
        // batches of 200 rows: few live long enough to be promoted to the old generation (the
        // server's RSS grew half as much as with 1000)
        streamSheet(kind, columns, gridRowBatches(kind, db, req.body, perms, 200), lang, body).then(
          () => timed({ outcome: 'ok' }),
          (err: unknown) => {
            timed({ outcome: 'error' })
            req.log.error({ err }, 'grid export failed while streaming')
            // the client sees a broken download, never a file that silently lacks rows
            body.destroy(err instanceof Error ? err : new Error(String(err)))
          },
        )
        return reply
          .header('content-type', xlsxContentType)
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('x-total-count', String(total))
          .header('cache-control', 'no-store')
          .send(body)
      },
    )
  }
}
