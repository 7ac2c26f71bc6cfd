import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { leavingListBody, leavingListResponse } from '#shared/contract/leaving-admin'
import { contentPermission } from '../../permissions.ts'
import { listLeaving } from './repository.ts'

/** `POST {API_PREFIX}/Leaving/GetList`: visitor messages for content staff. */
export async function leavingListRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/Leaving/GetList',
    {
      config: { permission: contentPermission, menu: ['/admin/leaving'] },
      schema: {
        tags: ['content'],
        summary: 'Visitor messages, newest first',
        body: leavingListBody,
        response: { 200: leavingListResponse },
      },
    },
    async (req) => ({
      code: Code.ok,
      msg: 'ok',
      data: await listLeaving(app.deps.db.db, req.body),
    }),
  )
}
