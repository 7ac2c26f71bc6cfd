import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { menuAdminListResponse, menuListBody, userMenuListResponse } from '#shared/contract/menu'
import { adminPermission } from '../../permissions.ts'
import { adminMenu, filterMenu, loadMenuTree } from './repository.ts'

/**
 * Server-menu mode (SPEC §6): `Menu/GetUserMenuList` answers the caller's menu, filtered with
 * shared/acl on the server; `Menu/GetList` the whole tree for administrators.
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
    async (req) => ({
      code: Code.ok,
      msg: 'ok',
      data: filterMenu(await loadMenuTree(app.deps.db.db), req.user!.subject),
    }),
  )
  r.post(
    '/Menu/GetList',
    {
      config: { permission: adminPermission },
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
