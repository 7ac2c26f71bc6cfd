import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Code } from '#shared/contract/codes'
import type { SmsPurpose } from '#shared/contract/phone-auth'
import { AppError } from '../../errors.ts'
import type { Lang } from '../../i18n.ts'
import { newSmsCode, smsCodeTtlMinutes, storeSmsCode } from './sms-codes.ts'
import { SmsSendError, unconfiguredSmsSender } from './sms-sender.ts'

/**
 * Refuses at once, before any counting, when no SMS sender is configured (SMS_SENDER unset):
 * 404, the feature is not on this site (not a server failure; docs/deviations.md).
 */
export function requireSmsSender(app: FastifyInstance) {
  if (app.sms === unconfiguredSmsSender) throw new AppError(Code.notFound, 'smsNotConfigured')
}

/**
 * Sends a fresh code to the number and stores it only once the provider accepted it: a refused
 * or failed message leaves no usable code. The user gets a translated reason: not configured,
 * the provider's rate limit, or "could not be sent" (the provider's code goes to the log).
 */
export async function deliverSmsCode(
  app: FastifyInstance,
  req: FastifyRequest,
  m: { mobile: string; purpose: SmsPurpose; lang: Lang },
) {
  const code = newSmsCode()
  try {
    await app.sms.send({ ...m, code, expiresInMinutes: smsCodeTtlMinutes })
  } catch (e) {
    const kind = e instanceof SmsSendError ? e.kind : 'refused'
    req.log.error(
      {
        sender: app.sms.name,
        kind,
        providerCode: e instanceof SmsSendError ? e.providerCode : undefined,
        err: e instanceof SmsSendError ? undefined : e,
      },
      'SMS sender failed',
    )
    if (kind === 'notConfigured') throw new AppError(Code.notFound, 'smsNotConfigured')
    if (kind === 'throttled') throw new AppError(Code.tooManyRequests, 'smsProviderThrottled')
    throw new AppError(Code.unavailable, 'smsSendFailed')
  }
  await storeSmsCode(app.deps.db.db, m.mobile, m.purpose, code)
}
