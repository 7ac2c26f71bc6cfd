import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { doneResponse, myProfileBody } from '#shared/contract/auth'
import { requestLang, t } from '../../i18n.ts'
import { writeLog } from '../system/log-repository.ts'

/**
 * `POST {API_PREFIX}/User/ModifyMyInfo`: the signed-in user's own RealName, NickName, Mobile,
 * Email and Avatar (SPEC §5 rules in the shared schema). The row is the caller's session user:
 * the body names no account, so nobody edits anyone else here. Code 10000 like ModifyMyPass.
 */
export async function modifyProfileRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/User/ModifyMyInfo',
    {
      config: { permission: 'signedIn' },
      schema: { tags: ['auth'], summary: 'Change my own profile', body: myProfileBody, response: { 200: doneResponse } },
    },
    async (req) => {
      const db = app.deps.db.db
      const me = req.user!
      const p = req.body
      await db
        .updateTable('users')
        .set({ real_name: p.RealName, nick_name: p.NickName, mobile: p.Mobile, email: p.Email, avatar: p.Avatar })
        .where('id', '=', me.id)
        .execute()
      await writeLog(db, { account: me.loginName, operation: 'change my profile', logType: 'database', result: 'success', ip: req.ip })
      return { code: Code.done, msg: t('profileSaved', requestLang(req)), data: null }
    },
  )
}
