import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { doneResponse, registerBody } from '#shared/contract/auth'
import { AppError } from '../../errors.ts'
import { requestLang, t } from '../../i18n.ts'
import { writeLog } from '../system/log-repository.ts'
import { hashPassword } from './passwords.ts'
import { findUserByLoginName } from './user-repository.ts'

/** `POST /register`: an account with no role (sees nothing until an admin assigns one). */
export async function registerRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/register',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: { tags: ['auth'], summary: 'Create an account without a role', body: registerBody, response: { 200: doneResponse } },
    },
    async (req) => {
      const { db, config } = app.deps
      if (!config.registration) throw new AppError(Code.forbidden, 'registrationClosed')
      const b = req.body
      if (await findUserByLoginName(db.db, b.username)) throw new AppError(Code.conflict, 'userExists')
      await db.db
        .insertInto('users')
        .values({
          login_name: b.username,
          real_name: b.realName,
          nick_name: b.username,
          mobile: '',
          email: '',
          role: '',
          department_id: null,
          ban: 0,
          avatar: '',
          password_hash: await hashPassword(b.password),
          must_change_password: 0,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.column('login_name').doNothing())
        .execute()
      await writeLog(db.db, { account: b.username, operation: 'register', logType: 'database', result: 'success', ip: req.ip })
      return { code: Code.ok, msg: t('registered', requestLang(req)), data: null }
    },
  )
}
