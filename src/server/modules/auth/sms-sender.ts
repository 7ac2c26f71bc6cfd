import type { FastifyBaseLogger } from 'fastify'
import type { SmsPurpose } from '#shared/contract/phone-auth'
import type { Lang } from '../../i18n.ts'

/** One text message to send: the code, what it is for and the reader's language. */
export type SmsMessage = {
  mobile: string
  code: string
  purpose: SmsPurpose
  lang: Lang
  expiresInMinutes: number
}

/**
 * How codes leave the server: chosen by SMS_SENDER (`smsSenderOf`, sms-sender-of.ts), or passed to `buildApp`
 * (`deps.sms`, tests). `send` resolves once the provider accepted the message and rejects with
 * an `SmsSendError` when it did not; the code is stored only after it resolved.
 */
export type SmsSender = { name: string; send: (message: SmsMessage) => Promise<void> }

/**
 * Why a message was not sent: `notConfigured` (no SMS_SENDER), `throttled` (the provider's
 * rate limit for the number or the account), `refused` (anything else the provider answered:
 * credentials, sign name, template, number) or `unreachable` (network error or timeout).
 */
export type SmsFailure = 'notConfigured' | 'throttled' | 'refused' | 'unreachable'

export class SmsSendError extends Error {
  constructor(
    readonly kind: SmsFailure,
    /** the provider's own code (e.g. isv.BUSINESS_LIMIT_CONTROL), for the server log */
    readonly providerCode = '',
  ) {
    super(`SMS not sent: ${kind}${providerCode ? ` (${providerCode})` : ''}`)
    this.name = 'SmsSendError'
  }
}

/** Without SMS_SENDER nothing is sent and no code is stored: sending answers "SMS is not configured". */
export const unconfiguredSmsSender: SmsSender = {
  name: 'none',
  async send() {
    throw new SmsSendError('notConfigured')
  },
}

/**
 * The development sender (`SMS_SENDER=log`, refused with NODE_ENV=production): writes the code
 * to the server log at debug level, which no default or production LOG_LEVEL keeps; a developer
 * runs with LOG_LEVEL=debug to read codes (start-up warns when the level hides them).
 */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    name: 'log',
    async send(m) {
      log.debug(
        {
          mobile: m.mobile,
          purpose: m.purpose,
          smsCode: m.code,
          expiresInMinutes: m.expiresInMinutes,
        },
        'development SMS sender (SMS_SENDER=log): verification code written here instead of sent',
      )
    },
  }
}
