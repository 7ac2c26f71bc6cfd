import type { FastifyInstance } from 'fastify'
import { registerOperation } from '../post-common/registry.ts'
import { roleListRoute } from './role-list.ts'
import { saveRole } from './save-role.ts'

/**
 * System settings (issue 9), admin only: roles with their menu entries and permission strings
 * (`Role/GetList`, PostCommon `SaveRole`).
 */
export async function systemRoutes(app: FastifyInstance) {
  registerOperation(saveRole)
  await app.register(roleListRoute)
}
