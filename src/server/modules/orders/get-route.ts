import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { gridGetBody, gridGetResponse } from '#shared/contract/grid-fields'
import { notFound } from '../../errors.ts'
import { gridPermissionsOf, visibleRow } from './grid-access.ts'
import type { GridKind } from './grid-kind.ts'
import { getGridRow } from './grid-repository.ts'

/** `POST {API_PREFIX}/{Kind}/Get` `{id}`: one row of a grid (404 when there is none), hidden columns left out. */
export function gridGetRoute(kind: GridKind, tag: string) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      `/${kind.name}/Get`,
      {
        config: { permission: kind.permission, menu: [...kind.menu, ...(kind.readMenu ?? [])] },
        schema: {
          tags: [tag],
          summary: `One ${kind.label.en} row by id`,
          body: gridGetBody,
          response: { 200: gridGetResponse(kind.row) },
        },
      },
      async (req) => {
        const row = await getGridRow(kind, app.deps.db.db, req.body.id)
        if (!row) throw notFound()
        // without the columns the caller's grid permissions hide (SPEC §6)
        return {
          code: Code.ok,
          msg: 'ok',
          data: visibleRow(row, await gridPermissionsOf(app.deps.db, req.user!)),
        }
      },
    )
  }
}
