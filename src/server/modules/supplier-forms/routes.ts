import type { FastifyInstance } from 'fastify'
import { registerGrids } from '../orders/routes.ts'
import { supplierFormAddRoute } from './add.ts'
import { supplierFormKind } from './kind.ts'

/** Supplier forms: the public add call (no prefix) and the staff grid. */
export async function registerSupplierForms(app: FastifyInstance, apiPrefix: string) {
  await app.register(supplierFormAddRoute)
  await registerGrids(app, apiPrefix, [supplierFormKind], 'supplier-forms')
}
