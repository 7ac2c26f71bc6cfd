import type { FastifyInstance } from 'fastify'
import { getDeletedRoute } from './get-deleted-route.ts'
import { getHistoryRoute } from './get-history-route.ts'

/** Record history: `History/GetList` (a record's changes) and `History/GetDeleted` (administrators). */
export async function historyRoutes(app: FastifyInstance) {
  await app.register(getHistoryRoute)
  await app.register(getDeletedRoute)
}
