import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { loginBody, loginCredentials, loginResponse } from '#shared/contract/auth'
import { AppError } from '../../errors.ts'
import { writeLog } from '../system/log-repository.ts'
import { unusableHash, verifyPassword } from './passwords.ts'
import { issueTokens } from './session-repository.ts'
import { findUserByLoginName } from './user-repository.ts'

/** `POST {API_PREFIX}/User/Login` (SPEC §7): the same answer for every kind of failure. */
export async function loginRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/User/Login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with an account and password',
        body: loginBody,
        response: { 200: loginResponse },
      },
    },
    async (req) => {
      const { db, config } = app.deps
      const credentials = 'param' in req.body ? null : loginCredentials.parse(req.body)
      const user = credentials ? await findUserByLoginName(db.db, credentials.username) : undefined
      // Always spend one scrypt so unknown users and wrong passwords take the same time.
      const ok = await verifyPassword(credentials?.password ?? '', user?.password_hash ?? unusableHash)
      const account = credentials?.username ?? ''
      if (!user || !ok || user.ban) {
        await writeLog(db.db, { account, operation: 'login', logType: 'system', result: 'login failure', ip: req.ip })
        throw new AppError(Code.failed, 'loginFailed')
      }
      const tokens = await issueTokens(db.db, {
        userId: user.id,
        ip: req.ip,
        accessTtl: config.accessTokenTtlSeconds,
        refreshTtl: config.refreshTokenTtlSeconds,
      })
      await writeLog(db.db, { account, operation: 'login', logType: 'system', result: 'login success', ip: req.ip })
      return { code: Code.ok, msg: 'ok', data: tokens }
    },
  )
}
