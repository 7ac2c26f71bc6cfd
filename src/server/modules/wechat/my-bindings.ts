import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { myWxBindingsResponse } from '#shared/contract/wechat'

/**
 * `GET {API_PREFIX}/User/WxBindings` (signed in, also while a password change is due): the
 * WeChat identities bound to my account, newest first, so a binding made by someone who knew
 * the old password is seen after an administrator resets it.
 */
export async function myWxBindingsRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/User/WxBindings',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'WeChat identities bound to my account',
        response: { 200: myWxBindingsResponse },
      },
    },
    async (req) => {
      const rows = await app.deps.db.db
        .selectFrom('wechat_binding')
        .innerJoin('wechat_user', 'wechat_user.id', 'wechat_binding.wechat_user_id')
        .select(['wechat_user.id', 'wechat_user.nick_name', 'wechat_binding.created_at'])
        .where('wechat_binding.user_id', '=', req.user!.id)
        .orderBy('wechat_binding.created_at', 'desc')
        .orderBy('wechat_user.id', 'desc')
        .limit(100)
        .execute()
      return {
        code: Code.ok,
        msg: 'ok',
        data: rows.map((r) => ({
          WechatUserId: r.id,
          NickName: r.nick_name,
          BoundTime: r.created_at,
        })),
      }
    },
  )
}
