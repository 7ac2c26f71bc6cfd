import type { FastifyInstance } from 'fastify'
import { registerOperation } from '../post-common/registry.ts'
import { roleListRoute } from './role-list.ts'
import { saveMenu } from './save-menu.ts'
import { saveRole } from './save-role.ts'

/**
 * System settings (issue 9), admin only: roles with their menu entries and permission strings
 * (`Role/GetList`, PostCommon `SaveRole`); the menu tree (PostCommon `SaveMenu`; `Menu/GetList`
 * lives in the menu module).
 */
export async function systemRoutes(app: FastifyInstance) {
  registerOperation(saveRole)
  registerOperation(saveMenu)
  await app.register(roleListRoute)
}
