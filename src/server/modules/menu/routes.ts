import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { menuAdminListResponse, menuListBody, userMenuListResponse } from '#shared/contract/menu'
import { adminPermission } from '../../permissions.ts'
import { heldMenuIds } from '../system/role-access.ts'
import { adminMenu, filterMenu, loadMenuTree } from './repository.ts'

/**
 * Server-menu mode (SPEC §6): `Menu/GetUserMenuList` answers the caller's menu: the entries
 * their role holds (role_menu, read on every call) and the open ones; `Menu/GetList` the whole tree for administrators.
 */
export async function menuRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/Menu/GetUserMenuList',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['system'],
        summary: "The signed-in user's menu tree (route items, SPEC §3)",
        body: menuListBody,
        response: { 200: userMenuListResponse },
      },
    },
    async (req) => {
      const db = app.deps.db.db
      const user = req.user!
      const held = await heldMenuIds(db, user.role)
      return {
        code: Code.ok,
        msg: 'ok',
        data: filterMenu(await loadMenuTree(db), user.subject, held),
      }
    },
  )
  r.post(
    '/Menu/GetList',
    {
      config: { permission: adminPermission, menu: ['/system/menu', '/system/role'] },
      schema: {
        tags: ['system'],
        summary: 'Every menu item with id, sort and permission',
        body: menuListBody,
        response: { 200: menuAdminListResponse },
      },
    },
    async () => ({ code: Code.ok, msg: 'ok', data: adminMenu(await loadMenuTree(app.deps.db.db)) }),
  )
}
