import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { departmentListBody, departmentListResponse } from '#shared/contract/system-departments'
import { userListBody, userListResponse } from '#shared/contract/system-users'
import { adminPermission } from '../../permissions.ts'
import { listDepartments } from './department-repository.ts'
import { listUsers } from './user-repository.ts'

/** `POST {API_PREFIX}/Department/GetList` and `User/GetList` (admin). */
export async function systemListRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/Department/GetList',
    {
      config: { permission: adminPermission, menu: ['/system/department', '/system/user'] },
      schema: {
        tags: ['system'],
        summary: 'The department tree, parents first',
        body: departmentListBody,
        response: { 200: departmentListResponse },
      },
    },
    async () => {
      const result = await listDepartments(app.deps.db.db)
      return { code: Code.ok, msg: 'ok', data: { result, total: result.length } }
    },
  )
  r.post(
    '/User/GetList',
    {
      config: { permission: adminPermission, menu: ['/system/user'] },
      schema: {
        tags: ['system'],
        summary: 'A page of accounts',
        body: userListBody,
        response: { 200: userListResponse },
      },
    },
    async (req) => ({ code: Code.ok, msg: 'ok', data: await listUsers(app.deps.db.db, req.body) }),
  )
}
