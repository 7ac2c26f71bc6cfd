import type { FastifyInstance } from 'fastify'
import { rootPlugin } from '../../plugins/root-plugin.ts'
import { registerOperation } from '../post-common/registry.ts'
import { noticeListRoute } from './list.ts'
import { registerNotify } from './notify.ts'
import { readNoticeOperation } from './read-notice.ts'

/**
 * Notices (DESIGN §5): `app.notify` on the root instance (every module sends notices),
 * `Notice/GetList` under `prefix` and the PostCommon operation `ReadNotice`. Register after
 * `realtimeRoutes`.
 */
export const noticeRoutes = rootPlugin(
  async (app: FastifyInstance, { prefix }: { prefix?: string }) => {
    registerNotify(app)
    registerOperation(readNoticeOperation)
    await app.register(noticeListRoute, { prefix })
  },
)
