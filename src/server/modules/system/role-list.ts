import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { roleListBody, roleListResponse } from '#shared/contract/system-roles'
import { adminPermission } from '../../permissions.ts'
import { listRoles } from './role-repository.ts'

/** `POST {API_PREFIX}/Role/GetList` (admin): every role with its menu entries and permission strings. */
export async function roleListRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/Role/GetList',
    {
      config: { permission: adminPermission, menu: ['/system/role', '/system/user'] },
      schema: {
        tags: ['system'],
        summary: 'Roles',
        body: roleListBody,
        response: { 200: roleListResponse },
      },
    },
    async () => {
      const result = await listRoles(app.deps.db.db)
      return { code: Code.ok, msg: 'ok', data: { result, total: result.length } }
    },
  )
}
