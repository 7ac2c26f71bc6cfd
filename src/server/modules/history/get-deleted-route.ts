import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { historyDeletedBody, historyDeletedResponse } from '#shared/contract/history'
import { adminPermission } from '../../permissions.ts'
import { listDeleted } from './history-query.ts'

/**
 * `POST {API_PREFIX}/History/GetDeleted` (admin, the operation log's screen): recorded deletions,
 * newest first, so an administrator can open a deleted record's history (`History/GetList`).
 */
export async function getDeletedRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/History/GetDeleted',
    {
      config: { permission: adminPermission, menu: ['/system/log'] },
      schema: {
        tags: ['history'],
        summary: 'Recorded deletions, newest first',
        body: historyDeletedBody,
        response: { 200: historyDeletedResponse },
      },
    },
    async (req) => ({
      code: Code.ok,
      msg: 'ok',
      data: await listDeleted(app.deps.db.db, req.body),
    }),
  )
}
