import type { FastifyBaseLogger } from 'fastify'
import type { SmsConfig } from '../../sms-config.ts'
import { aliyunSmsSender } from './sms-aliyun.ts'
import { logSmsSender, unconfiguredSmsSender, type SmsSender } from './sms-sender.ts'
import { tencentSmsSender } from './sms-tencent.ts'

/** The sender SMS_SENDER chooses. */
export function smsSenderOf(sms: SmsConfig, log: FastifyBaseLogger): SmsSender {
  switch (sms.sender) {
    case 'none':
      return unconfiguredSmsSender
    case 'log':
      if (!['debug', 'trace'].includes(log.level))
        log.warn(
          'SMS_SENDER=log writes phone codes at debug level: set LOG_LEVEL=debug to read them',
        )
      return logSmsSender(log)
    case 'aliyun':
      return aliyunSmsSender(sms.aliyun, sms.timeoutMs)
    case 'tencent':
      return tencentSmsSender(sms.tencent, sms.timeoutMs)
  }
}
