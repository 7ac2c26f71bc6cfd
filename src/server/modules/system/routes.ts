import type { FastifyInstance } from 'fastify'
import { registerOperation } from '../post-common/registry.ts'
import { systemListRoutes } from './list-routes.ts'
import { clientErrorRoute } from './client-error-route.ts'
import { logRoutes } from './log-routes.ts'
import { roleListRoute } from './role-list.ts'
import { saveDepartment } from './save-department.ts'
import { saveMenu } from './save-menu.ts'
import { saveRole } from './save-role.ts'
import { resetUserPassword, saveUser } from './save-user.ts'

/**
 * System settings, admin only: roles with their menu entries and permission strings
 * (`Role/GetList`, PostCommon `SaveRole`), the menu tree (`SaveMenu`; `Menu/GetList` lives in
 * the menu module), departments (`Department/GetList`, `SaveDepartment`), accounts
 * (`User/GetList`, `SaveUser`, `ResetUserPassword`) and the log (`Log/GetList`, `Log/Export`).
 */
export async function systemRoutes(app: FastifyInstance) {
  registerOperation(saveRole)
  registerOperation(saveMenu)
  registerOperation(saveDepartment)
  registerOperation(saveUser)
  registerOperation(resetUserPassword)
  await app.register(roleListRoute)
  await app.register(systemListRoutes)
  await app.register(logRoutes)
  await app.register(clientErrorRoute)
}
