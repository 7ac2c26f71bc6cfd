import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { gridListBody, gridListResponse } from '#shared/contract/grid-fields'
import type { GridKind } from './grid-kind.ts'
import { listGrid } from './grid-repository.ts'

/**
 * `POST {API_PREFIX}/{Kind}/GetList`: a page of a grid (pageSize up to 1000), filtered by
 * order (orderId, orderNo), keyword and audit status, newest first unless `sort` says otherwise.
 */
export function gridListRoute(kind: GridKind, tag: string) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      `/${kind.name}/GetList`,
      {
        config: { permission: kind.permission, menu: [...kind.menu, ...(kind.readMenu ?? [])] },
        schema: {
          tags: [tag],
          summary: `A page of ${kind.label.en} rows`,
          body: gridListBody,
          response: { 200: gridListResponse(kind.row) },
        },
      },
      async (req) => ({ code: Code.ok, msg: 'ok', data: await listGrid(kind, app.deps.db.db, req.body) }),
    )
  }
}
