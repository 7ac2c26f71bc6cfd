import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { doneResponse, modifyPassBody } from '#shared/contract/auth'
import { AppError } from '../../errors.ts'
import { requestLang, t } from '../../i18n.ts'
import { writeLog } from '../system/log-repository.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { revokeOtherSessions } from './session-repository.ts'

/** `POST {API_PREFIX}/User/ModifyMyPass`: code 10000; other sessions of the user are revoked. */
export async function modifyPasswordRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/User/ModifyMyPass',
    {
      config: { permission: 'signedIn' },
      schema: { tags: ['auth'], summary: 'Change my password', body: modifyPassBody, response: { 200: doneResponse } },
    },
    async (req) => {
      const db = app.deps.db.db
      const me = req.user!
      const row = await db.selectFrom('users').select('password_hash').where('id', '=', me.id).executeTakeFirstOrThrow()
      if (!(await verifyPassword(req.body.oldPass, row.password_hash))) {
        throw new AppError(Code.failed, 'oldPasswordWrong')
      }
      // the password an administrator set (or any current one) cannot be kept as the new one
      if (req.body.newPass === req.body.oldPass || (await verifyPassword(req.body.newPass, row.password_hash))) {
        throw new AppError(Code.failed, 'samePassword')
      }
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(req.body.newPass), must_change_password: 0 })
        .where('id', '=', me.id)
        .execute()
      await revokeOtherSessions(db, me.id, me.familyId)
      await writeLog(db, { account: me.loginName, operation: 'change password', logType: 'database', result: 'success', ip: req.ip })
      return { code: Code.done, msg: t('passwordChanged', requestLang(req)), data: null }
    },
  )
}
