import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { sendMobileChangeCodeBody, smsResendSeconds } from '#shared/contract/phone-auth'
import { sendSmsCodeAnswer } from '#shared/contract/sign-in-answers'
import { AppError } from '../../errors.ts'
import { requestLang, t } from '../../i18n.ts'
import { writeLog } from '../system/log-repository.ts'
import { allowSend } from './sms-codes.ts'
import { deliverSmsCode, requireSmsSender } from './sms-delivery.ts'

/**
 * `POST {API_PREFIX}/User/SendMobileChangeCode` (signed in): sends a code to the new
 * number of my profile (purpose changeMobile); `SaveMyProfile` takes a changed Mobile only with
 * it. Limited like the other codes, per number and per address. Whether the number belongs to
 * another account is not said here (that would list numbers): the save says so once the code
 * proved the number is the caller's.
 */
export async function sendMobileChangeCodeRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/User/SendMobileChangeCode',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'Send a phone code to the new mobile number of my profile',
        body: sendMobileChangeCodeBody,
        response: { 200: sendSmsCodeAnswer },
      },
    },
    async (req) => {
      const { mobile } = req.body
      requireSmsSender(app)
      if (!(await allowSend(app.limits, mobile, req.ip)))
        throw new AppError(Code.tooManyRequests, 'smsTooSoon')
      const lang = requestLang(req)
      await deliverSmsCode(app, req, { mobile, purpose: 'changeMobile', lang })
      await writeLog(app.deps.db.db, {
        account: req.user!.loginName,
        operation: 'sms code changeMobile',
        logType: 'system',
        result: `sent to ${mobile}`,
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
