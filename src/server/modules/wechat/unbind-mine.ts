import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { wxUnbindBody, wxUnbindResponse } from '#shared/contract/wechat'
import { notFound } from '../../errors.ts'
import { writeLog } from '../system/log-repository.ts'

/** `POST {API_PREFIX}/User/WxUnbind` `{WechatUserId}` (signed in): that identity no longer signs in as me. */
export async function wxUnbindRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/User/WxUnbind',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'Remove a WeChat identity from my account',
        body: wxUnbindBody,
        response: { 200: wxUnbindResponse },
      },
    },
    async (req) => {
      const db = app.deps.db.db
      const me = req.user!
      const r = await db
        .deleteFrom('wechat_binding')
        .where('user_id', '=', me.id)
        .where('wechat_user_id', '=', req.body.WechatUserId)
        .executeTakeFirst()
      if (Number(r.numDeletedRows) === 0) throw notFound()
      await writeLog(db, {
        account: me.loginName,
        operation: 'wechat unbind',
        logType: 'database',
        result: 'success',
        ip: req.ip,
      })
      return { code: Code.ok, msg: 'ok', data: { removed: Number(r.numDeletedRows) } }
    },
  )
}
