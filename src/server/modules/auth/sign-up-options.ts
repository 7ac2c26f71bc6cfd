import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { signUpOptionsResponse } from '#shared/contract/phone-auth'
import { unconfiguredSmsSender } from './sms-sender.ts'

/** Whether phone codes can be used: a sender is configured (SMS_SENDER), or the fixed test code is set. */
export const phoneCodesAvailable = (app: FastifyInstance) =>
  app.sms !== unconfiguredSmsSender || app.deps.config.smsTestCode !== null

/**
 * `GET {API_PREFIX}/User/SignUpOptions`: what the sign-in page offers, so it shows only what
 * works on this site: phone codes, sign-up (REGISTRATION, and it needs phone codes), WeChat.
 */
export async function signUpOptionsRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/User/SignUpOptions',
    {
      schema: {
        tags: ['auth'],
        summary: 'What the sign-in page offers: phone codes, sign-up, WeChat',
        response: { 200: signUpOptionsResponse },
      },
    },
    async () => {
      const { config } = app.deps
      const phone = phoneCodesAvailable(app)
      return {
        code: Code.ok,
        msg: 'ok',
        data: { registration: config.registration && phone, phone, wechat: config.wechat !== null },
      }
    },
  )
}
