import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { wechatUserListBody, wechatUserListResponse } from '#shared/contract/wechat-admin'
import { contentPermission } from '../../permissions.ts'
import { listWechatUsers } from './admin-repository.ts'

/** `POST {API_PREFIX}/WechatUser/GetAdminList` (CONTENT): WeChat identities, searched, with bound accounts. */
export async function wechatUserListRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/WechatUser/GetAdminList',
    {
      config: { permission: contentPermission, menu: ['/admin/wxUserManagement'] },
      schema: {
        tags: ['content-admin'],
        summary: 'WeChat users',
        body: wechatUserListBody,
        response: { 200: wechatUserListResponse },
      },
    },
    async (req) => ({
      code: Code.ok,
      msg: 'ok',
      data: await listWechatUsers(app.deps.db.db, req.body),
    }),
  )
}
