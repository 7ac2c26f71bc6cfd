import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { phoneLoginBody } from '#shared/contract/phone-auth'
import { loginAnswer } from '#shared/contract/sign-in-answers'
import { AppError } from '../../errors.ts'
import { writeLog } from '../system/log-repository.ts'
import { issueTokens } from './session-repository.ts'
import { consumeSmsCode } from './sms-codes.ts'

/**
 * `POST {API_PREFIX}/User/PhoneLogin`: signs in the account of a mobile number with the code
 * sent to it (SPEC §5 "verification code wrong" otherwise). A number shared by several
 * accounts cannot choose one: those sign in with their name and password.
 */
export async function phoneLoginRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/User/PhoneLogin',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a mobile number and a phone code',
        body: phoneLoginBody,
        response: { 200: loginAnswer },
      },
    },
    async (req) => {
      const { db, config } = app.deps
      const { mobile, code } = req.body
      const log = (result: string) =>
        writeLog(db.db, {
          account: mobile,
          operation: 'phone login',
          logType: 'system',
          result,
          ip: req.ip,
        })
      const check = await consumeSmsCode(db.db, app.limits, {
        mobile,
        code,
        purpose: 'login',
        ip: req.ip,
        testCode: config.smsTestCode,
      })
      if (check === 'locked') {
        await log('login blocked')
        throw new AppError(Code.tooManyRequests, 'smsLocked')
      }
      const users =
        check === 'ok'
          ? await db.db
              .selectFrom('users')
              .select('id')
              .where('mobile', '=', mobile)
              .where('ban', '=', 0)
              .limit(2)
              .execute()
          : []
      if (users.length !== 1) {
        await log('login failure')
        throw new AppError(Code.failed, users.length > 1 ? 'phoneSeveralAccounts' : 'smsCodeWrong')
      }
      const tokens = await issueTokens(db.db, {
        userId: users[0]!.id,
        ip: req.ip,
        accessTtl: config.accessTokenTtlSeconds,
        refreshTtl: config.refreshTokenTtlSeconds,
      })
      await log('login success')
      return { code: Code.ok, msg: 'ok', data: tokens }
    },
  )
}
