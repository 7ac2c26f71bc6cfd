import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { sendSmsCodeBody, smsResendSeconds } from '#shared/contract/phone-auth'
import { sendSmsCodeAnswer } from '#shared/contract/sign-in-answers'
import { AppError } from '../../errors.ts'
import { requestLang, t } from '../../i18n.ts'
import { writeLog } from '../system/log-repository.ts'
import { allowSend } from './sms-codes.ts'
import { deliverSmsCode, requireSmsSender } from './sms-delivery.ts'

/**
 * `POST {API_PREFIX}/User/SendSmsCode` (SPEC §4 phone-code button): sends a code for signing
 * in or signing up. Limited per number and per address before anything else. For signing in
 * a code goes only to a number that belongs to an account, but the answer is the same either
 * way, so it cannot be used to find out which numbers have accounts. Without an SMS sender
 * (SMS_SENDER unset) every request answers "SMS is not configured".
 */
export async function sendSmsCodeRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/User/SendSmsCode',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a phone verification code (sign-in or sign-up)',
        body: sendSmsCodeBody,
        response: { 200: sendSmsCodeAnswer },
      },
    },
    async (req) => {
      const { db, config } = app.deps
      const { mobile, purpose } = req.body
      if (purpose === 'register' && !config.registration)
        throw new AppError(Code.forbidden, 'registrationClosed')
      requireSmsSender(app)
      if (!(await allowSend(app.limits, mobile, req.ip)))
        throw new AppError(Code.tooManyRequests, 'smsTooSoon')
      const lang = requestLang(req)
      const wanted =
        purpose === 'register' ||
        (await db.db
          .selectFrom('users')
          .select('id')
          .where('mobile', '=', mobile)
          .where('ban', '=', 0)
          .executeTakeFirst()) !== undefined
      if (wanted) await deliverSmsCode(app, req, { mobile, purpose, lang })
      await writeLog(db.db, {
        account: mobile,
        operation: `sms code ${purpose}`,
        logType: 'system',
        result: wanted ? 'sent' : 'no account',
        ip: req.ip,
      })
      return {
        code: Code.ok,
        msg: t('smsCodeSent', lang),
        data: { resendSeconds: smsResendSeconds },
      }
    },
  )
}
