import type { FastifyInstance } from 'fastify'
import { registerOperation } from '../post-common/registry.ts'
import { auditOperation } from './audit-operation.ts'
import { gridGetRoute } from './get-route.ts'
import type { GridKind } from './grid-kind.ts'
import { orderKinds } from './kinds.ts'
import { gridListRoute } from './list-route.ts'
import { saveOperation } from './save-operation.ts'
import { gridSelectListRoute, suggestFields } from './select-list-route.ts'

/** Save and audit operations of each kind, built once so a second app registers the same ones. */
const operations = new Map<
  GridKind,
  [ReturnType<typeof saveOperation>, ReturnType<typeof auditOperation>]
>()

/**
 * A set of grids: `{Kind}/GetList`, `{Kind}/Get` (and `{Kind}/GetSelectList` where inputs
 * suggest values) in `app`'s scope (under its prefix), PostCommon `Save{Kind}` and `Audit{Kind}`.
 */
export async function registerGrids(app: FastifyInstance, kinds: GridKind[], tag: string) {
  for (const kind of kinds) {
    if (!operations.has(kind)) operations.set(kind, [saveOperation(kind), auditOperation(kind)])
    const [save, audit] = operations.get(kind)!
    registerOperation(save)
    registerOperation(audit)
    await app.register(gridListRoute(kind, tag))
    await app.register(gridGetRoute(kind, tag))
    if (suggestFields[kind.name]) await app.register(gridSelectListRoute(kind, tag))
  }
}

/** Orders and the records tied to them: Order, Purchase, Outsourcing, Quality, Warehouse, Finance, Shipment. */
export async function orderRoutes(app: FastifyInstance) {
  await registerGrids(app, orderKinds, 'orders')
}
