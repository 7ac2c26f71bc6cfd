import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { noticeListBody, noticeListResponse } from '#shared/contract/notices'
import { requestLang } from '../../i18n.ts'
import { noticeTypesFor } from './audience.ts'
import { listNotices } from './repository.ts'

/**
 * `POST {API_PREFIX}/Notice/GetList`: the caller's notices, newest first; isAll false lists
 * only unread ones. `UnreadCount` is the caller's unread total, whatever the filters. Notices of
 * screens the caller's role no longer holds are neither listed nor counted.
 */
export async function noticeListRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/Notice/GetList',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['notices'],
        summary: "The caller's notices, newest first, with the unread count",
        body: noticeListBody,
        response: { 200: noticeListResponse },
      },
    },
    async (req) => {
      const me = req.user!
      // only the types the caller may receive now (their role's screens), re-checked on every read
      const types = noticeTypesFor(me)
      return {
        code: Code.ok,
        msg: 'ok',
        data: await listNotices(app.deps.db.db, me.id, req.body, requestLang(req), types),
      }
    },
  )
}
