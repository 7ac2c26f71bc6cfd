import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { gridListBody, gridListResponse } from '#shared/contract/grid-fields'
import { gridPermissionsOf } from './grid-access.ts'
import type { GridKind } from './grid-kind.ts'
import { listGrid } from './grid-repository.ts'

/**
 * The tables a grid's list depends on: its own, and the orders, which it joins or which clear
 * its rows' order link when they are removed (foreign keys act without a query Kysely sees).
 */
const tablesOf = (kind: GridKind) => [...new Set([kind.table, 'orders'])]

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
      async (req, reply) => {
        // the answer as sent, until the grid's tables change
        const { db, reads } = app.deps.db
        // columns hidden by the caller's grid permissions (SPEC §6) are left out: part of the key
        const perms = await gridPermissionsOf(app.deps.db, req.user!)
        const key = `grid-list:${kind.name}:${perms.hiddenColumns.join(',')}:${JSON.stringify(req.body)}`
        // Not passed through the contract's encoder (a tenth of the answer's CPU on PostgreSQL):
        // `toRow` builds each row from the kind's own field list, so the answer is
        // its contract by construction; tests/server/grid-list-contract.test.ts checks that
        // encoding it changes nothing, for every grid, with and without hidden columns.
        const body = await reads.read(key, tablesOf(kind), async () =>
          JSON.stringify({
            code: Code.ok,
            msg: 'ok',
            data: await listGrid(kind, db, req.body, perms),
          }),
        )
        // a JSON string is sent as it is (Fastify skips the serializer for it)
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(body)
      },
    )
  }
}
