import type { FastifyBaseLogger } from 'fastify'
import type { SmsPurpose } from '#shared/contract/phone-auth'
import type { Lang } from '../../i18n.ts'

/** One text message to send: the code, what it is for and the reader's language. */
export type SmsMessage = { mobile: string; code: string; purpose: SmsPurpose; lang: Lang; expiresInMinutes: number }

/**
 * How codes leave the server. A deployment plugs in its SMS provider by passing a sender to
 * `buildApp` (`deps.sms`); `send` rejects when the provider refused the message.
 */
export type SmsSender = { name: string; send: (message: SmsMessage) => Promise<void> }

/**
 * The development sender used when no provider is plugged in: writes the code to the server
 * log (warn level, so it shows at the default LOG_LEVEL) instead of sending anything.
 */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    name: 'log',
    async send(m) {
      log.warn(
        { mobile: m.mobile, purpose: m.purpose, smsCode: m.code, expiresInMinutes: m.expiresInMinutes },
        'development SMS sender (no SMS provider configured): verification code written here instead of sent',
      )
    },
  }
}
