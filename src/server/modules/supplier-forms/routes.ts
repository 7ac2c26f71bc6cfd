import type { FastifyInstance } from 'fastify'
import { registerGrids } from '../orders/routes.ts'
import { supplierFormKind } from './kind.ts'

/** The staff grid of supplier forms (the public add call is supplierFormAddRoute, add.ts, without prefix). */
export async function supplierFormRoutes(app: FastifyInstance) {
  await registerGrids(app, [supplierFormKind], 'supplier-forms')
}
