import { createHmac, randomUUID } from 'node:crypto'
import type { AliyunSmsConfig } from '../../sms-config.ts'
import { SmsSendError, type SmsSender } from './sms-sender.ts'

/**
 * RFC 3986 percent-encoding as Alibaba Cloud's RPC signature documents it: A-Z a-z 0-9 - _ . ~
 * stay, everything else (UTF-8 bytes) becomes %XY in upper case, a space %20.
 */
export const aliyunPercentEncode = (v: string) =>
  encodeURIComponent(v).replace(
    /[!'()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  )

/**
 * Alibaba Cloud RPC signature (SignatureMethod HMAC-SHA1, SignatureVersion 1.0): the
 * parameters sorted by name, each `encode(name)=encode(value)`, joined by `&`; the string to
 * sign is `POST&%2F&` + encode(that); the signature is Base64(HMAC-SHA1(secret + "&", it)).
 */
export function aliyunSignature(
  method: string,
  params: Record<string, string>,
  secret: string,
): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(params[k]!)}`)
    .join('&')
  const stringToSign = `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(canonical)}`
  return createHmac('sha1', `${secret}&`).update(stringToSign, 'utf8').digest('base64')
}

/** Codes of Alibaba Cloud that mean "too many messages": the number's or the account's flow control. */
const throttled = (code: string) => /LIMIT_CONTROL$/.test(code) || code.startsWith('Throttling')

/**
 * Alibaba Cloud SMS (`dysmsapi` SendSms, version 2017-05-25): one POST with the signed form
 * parameters; the template gets `{"code": "123456"}`. Resolves when the answer's Code is OK.
 */
export function aliyunSmsSender(c: AliyunSmsConfig, timeoutMs: number): SmsSender {
  return {
    name: 'aliyun',
    async send(m) {
      const params: Record<string, string> = {
        AccessKeyId: c.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        RegionId: 'cn-hangzhou',
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
        PhoneNumbers: m.mobile,
        SignName: c.signName,
        TemplateCode: c.templateCode,
        TemplateParam: JSON.stringify({ code: m.code }),
      }
      const signature = aliyunSignature('POST', params, c.accessKeySecret)
      const body = Object.entries({ ...params, Signature: signature })
        .map(([k, v]) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(v)}`)
        .join('&')
      let answer: { Code?: unknown }
      try {
        const res = await fetch(c.endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        })
        answer = (await res.json()) as { Code?: unknown }
      } catch {
        throw new SmsSendError('unreachable')
      }
      const code = typeof answer?.Code === 'string' ? answer.Code : ''
      if (code === 'OK') return
      throw new SmsSendError(throttled(code) ? 'throttled' : 'refused', code.slice(0, 100))
    },
  }
}
