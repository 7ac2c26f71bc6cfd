import { createHash, createHmac } from 'node:crypto'
import type { TencentSmsConfig } from '../../sms-config.ts'
import { SmsSendError, type SmsSender } from './sms-sender.ts'

const sha256Hex = (v: string) => createHash('sha256').update(v, 'utf8').digest('hex')
const hmac = (key: Buffer | string, v: string) =>
  createHmac('sha256', key).update(v, 'utf8').digest()

type SignInput = {
  secretId: string
  secretKey: string
  host: string
  action: string
  payload: string
  timestamp: number
  service: string
}

/**
 * Tencent Cloud API signature v3 (TC3-HMAC-SHA256) of a JSON POST: the canonical request
 * (method, `/`, empty query, the headers content-type, host and x-tc-action, their names, the
 * payload's SHA-256), the string to sign (algorithm, timestamp, `date/service/tc3_request`, the
 * canonical request's SHA-256), the key derived from "TC3" + SecretKey over date, service and
 * `tc3_request`; answers the Authorization header.
 */
export function tencentAuthorization(s: SignInput): string {
  const contentType = 'application/json; charset=utf-8'
  const signedHeaders = 'content-type;host;x-tc-action'
  const canonicalHeaders = `content-type:${contentType}\nhost:${s.host}\nx-tc-action:${s.action.toLowerCase()}\n`
  const canonicalRequest = [
    'POST',
    '/',
    '',
    canonicalHeaders,
    signedHeaders,
    sha256Hex(s.payload),
  ].join('\n')
  const date = new Date(s.timestamp * 1000).toISOString().slice(0, 10)
  const scope = `${date}/${s.service}/tc3_request`
  const stringToSign = [
    'TC3-HMAC-SHA256',
    String(s.timestamp),
    scope,
    sha256Hex(canonicalRequest),
  ].join('\n')
  const key = hmac(hmac(hmac(`TC3${s.secretKey}`, date), s.service), 'tc3_request')
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex')
  return `TC3-HMAC-SHA256 Credential=${s.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`
}

type Answer = { Response?: { Error?: { Code?: unknown }; SendStatusSet?: { Code?: unknown }[] } }

/** Codes of Tencent Cloud that mean "too many messages": per number (LimitExceeded.*) or per account. */
const throttled = (code: string) =>
  code.startsWith('LimitExceeded') || code === 'RequestLimitExceeded'

/**
 * Tencent Cloud SMS (SendSms, version 2021-01-11): one signed JSON POST; the template's
 * parameter {1} is the code. Resolves when the number's SendStatus code is Ok.
 */
export function tencentSmsSender(c: TencentSmsConfig, timeoutMs: number): SmsSender {
  const url = new URL(c.endpoint)
  return {
    name: 'tencent',
    async send(m) {
      const payload = JSON.stringify({
        PhoneNumberSet: [`+86${m.mobile}`],
        SmsSdkAppId: c.sdkAppId,
        SignName: c.signName,
        TemplateId: c.templateId,
        TemplateParamSet: [m.code],
      })
      const timestamp = Math.floor(Date.now() / 1000)
      const authorization = tencentAuthorization({
        secretId: c.secretId,
        secretKey: c.secretKey,
        host: url.host,
        action: 'SendSms',
        payload,
        timestamp,
        service: 'sms',
      })
      let answer: Answer
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/json; charset=utf-8',
            'x-tc-action': 'SendSms',
            'x-tc-version': '2021-01-11',
            'x-tc-timestamp': String(timestamp),
            'x-tc-region': c.region,
          },
          body: payload,
          signal: AbortSignal.timeout(timeoutMs),
        })
        answer = (await res.json()) as Answer
      } catch {
        throw new SmsSendError('unreachable')
      }
      const error = answer?.Response?.Error?.Code
      const status = answer?.Response?.SendStatusSet?.[0]?.Code
      const code = typeof error === 'string' ? error : typeof status === 'string' ? status : ''
      if (error === undefined && code === 'Ok') return
      throw new SmsSendError(throttled(code) ? 'throttled' : 'refused', code.slice(0, 100))
    },
  }
}
