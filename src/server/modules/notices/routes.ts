import type { FastifyInstance } from 'fastify'
import { registerOperation } from '../post-common/registry.ts'
import { noticeListRoute } from './list.ts'
import { registerNotify } from './notify.ts'
import { readNoticeOperation } from './read-notice.ts'

/**
 * Notices (DESIGN §5): `app.notify`, `Notice/GetList` under the API prefix and the
 * PostCommon operation `ReadNotice`. Call on the root instance after `registerRealtime`.
 */
export async function registerNotices(app: FastifyInstance, apiPrefix: string) {
  registerNotify(app)
  registerOperation(readNoticeOperation)
  await app.register(noticeListRoute, { prefix: apiPrefix })
}
