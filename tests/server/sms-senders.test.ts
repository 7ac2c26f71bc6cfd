import { createHash, createHmac } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FastifyBaseLogger } from 'fastify'
import {
  aliyunPercentEncode,
  aliyunSignature,
  aliyunSmsSender,
} from '#server/modules/auth/sms-aliyun'
import { logSmsSender, SmsSendError, unconfiguredSmsSender } from '#server/modules/auth/sms-sender'
import { smsSenderOf } from '#server/modules/auth/sms-sender-of'
import { tencentAuthorization, tencentSmsSender } from '#server/modules/auth/sms-tencent'

/*
 * The SMS senders without a network (mutation survivors): `fetch` is replaced by a stub
 * that records the request and answers what the provider would. Each provider answer maps to
 * one failure kind the user is told about; the signatures are checked against the providers'
 * documented algorithms, written out here again.
 */

afterEach(() => {
  vi.unstubAllGlobals()
})

type Call = { url: string; init: RequestInit }
function stubFetch(answer: unknown | (() => Promise<never>)) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL | string, init: RequestInit) => {
      calls.push({ url: String(url), init })
      if (typeof answer === 'function') return (answer as () => Promise<never>)()
      return { json: async () => answer }
    }),
  )
  return calls
}
const message = {
  mobile: '13800000001',
  code: '123456',
  purpose: 'login' as const,
  lang: 'en' as const,
  expiresInMinutes: 5,
}
const failureOf = async (p: Promise<void>) => {
  try {
    await p
    return 'sent'
  } catch (e) {
    expect(e).toBeInstanceOf(SmsSendError)
    const err = e as SmsSendError
    return `${err.kind}:${err.providerCode}`
  }
}

const aliyun = {
  accessKeyId: 'key-id',
  accessKeySecret: 'secret',
  signName: '锻造厂',
  templateCode: 'SMS_1',
  endpoint: 'https://dysmsapi.example/',
}
const tencent = {
  secretId: 'sid',
  secretKey: 'skey',
  sdkAppId: '1400000001',
  signName: '锻造厂',
  templateId: '100001',
  region: 'ap-guangzhou',
  endpoint: 'https://sms.tencentcloudapi.example/',
}

describe('Alibaba Cloud sender', () => {
  it('percent-encodes as RFC 3986: unreserved characters stay, the rest in upper-case %XY', () => {
    expect(aliyunPercentEncode("AZaz09-_.~ !'()*/+=&中")).toBe(
      'AZaz09-_.~%20%21%27%28%29%2A%2F%2B%3D%26%E4%B8%AD',
    )
  })

  it('signs the sorted, encoded parameters with HMAC-SHA1 of the secret and "&"', () => {
    const params = { b: 'x y', a: '1', C: '*' }
    const canonical = 'C=%2A&a=1&b=x%20y'
    const expected = createHmac('sha1', 'secret&')
      .update(`POST&%2F&${encodeURIComponent(canonical)}`)
      .digest('base64')
    expect(aliyunSignature('POST', params, 'secret')).toBe(expected)
    expect(aliyunSignature('GET', params, 'secret')).not.toBe(expected)
  })

  it('posts the signed form to the endpoint and resolves on Code OK', async () => {
    const calls = stubFetch({ Code: 'OK' })
    await aliyunSmsSender(aliyun, 5000).send(message)
    expect(calls).toHaveLength(1)
    const { url, init } = calls[0]!
    expect(url).toBe(aliyun.endpoint)
    expect(init.method).toBe('POST')
    expect(init.headers).toEqual({
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    })
    expect(init.signal).toBeInstanceOf(AbortSignal)
    const form = new URLSearchParams(String(init.body))
    const params = Object.fromEntries([...form].filter(([k]) => k !== 'Signature'))
    expect(params).toMatchObject({
      AccessKeyId: 'key-id',
      Action: 'SendSms',
      Format: 'JSON',
      RegionId: 'cn-hangzhou',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      Version: '2017-05-25',
      PhoneNumbers: '13800000001',
      SignName: '锻造厂',
      TemplateCode: 'SMS_1',
      TemplateParam: '{"code":"123456"}',
    })
    expect(params.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    expect(params.SignatureNonce).toMatch(/^[0-9a-f-]{36}$/)
    expect(form.get('Signature')).toBe(aliyunSignature('POST', params, 'secret'))
  })

  it('tells throttling, refusals and an unreachable provider apart', async () => {
    const sender = aliyunSmsSender(aliyun, 5000)
    const answers: [unknown, string][] = [
      [{ Code: 'OK' }, 'sent'],
      [{ Code: 'isv.BUSINESS_LIMIT_CONTROL' }, 'throttled:isv.BUSINESS_LIMIT_CONTROL'],
      [{ Code: 'isv.DAY_LIMIT_CONTROL' }, 'throttled:isv.DAY_LIMIT_CONTROL'],
      [{ Code: 'Throttling.User' }, 'throttled:Throttling.User'],
      [{ Code: 'isv.LIMIT_CONTROL_X' }, 'refused:isv.LIMIT_CONTROL_X'],
      [{ Code: 'x.Throttling' }, 'refused:x.Throttling'],
      [{ Code: 'isv.SMS_TEMPLATE_ILLEGAL' }, 'refused:isv.SMS_TEMPLATE_ILLEGAL'],
      [{ Code: 'ok' }, 'refused:ok'],
      [{ Code: 7 }, 'refused:'],
      [{}, 'refused:'],
      [null, 'refused:'],
      [{ Code: `E${'x'.repeat(200)}` }, `refused:E${'x'.repeat(99)}`],
    ]
    for (const [answer, expected] of answers) {
      stubFetch(answer)
      expect(await failureOf(sender.send(message)), JSON.stringify(answer)).toBe(expected)
    }
    stubFetch(() => Promise.reject(new TypeError('fetch failed')))
    expect(await failureOf(sender.send(message))).toBe('unreachable:')
  })
})

describe('Tencent Cloud sender', () => {
  const sha256 = (v: string) => createHash('sha256').update(v).digest('hex')
  const hmac = (k: string | Buffer, v: string) => createHmac('sha256', k).update(v).digest()

  it('signs with TC3-HMAC-SHA256 over the canonical request, dated by the timestamp', () => {
    const payload = '{"a":1}'
    const timestamp = 1_700_000_000
    const date = '2023-11-14'
    const canonical = [
      'POST',
      '/',
      '',
      'content-type:application/json; charset=utf-8\nhost:sms.example\nx-tc-action:sendsms\n',
      'content-type;host;x-tc-action',
      sha256(payload),
    ].join('\n')
    const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${sha256(canonical)}`
    const key = hmac(hmac(hmac('TC3skey', date), 'sms'), 'tc3_request')
    const signature = createHmac('sha256', key).update(toSign).digest('hex')
    expect(
      tencentAuthorization({
        secretId: 'sid',
        secretKey: 'skey',
        host: 'sms.example',
        action: 'SendSms',
        payload,
        timestamp,
        service: 'sms',
      }),
    ).toBe(
      `TC3-HMAC-SHA256 Credential=sid/${date}/sms/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=${signature}`,
    )
  })

  it('posts the signed JSON with the +86 number and the code, and resolves on Ok', async () => {
    const calls = stubFetch({ Response: { SendStatusSet: [{ Code: 'Ok' }] } })
    vi.useFakeTimers({ now: 1_700_000_000_500, toFake: ['Date'] })
    try {
      await tencentSmsSender(tencent, 5000).send(message)
    } finally {
      vi.useRealTimers()
    }
    const { url, init } = calls[0]!
    expect(url).toBe(tencent.endpoint)
    expect(init.method).toBe('POST')
    expect(JSON.parse(String(init.body))).toEqual({
      PhoneNumberSet: ['+8613800000001'],
      SmsSdkAppId: '1400000001',
      SignName: '锻造厂',
      TemplateId: '100001',
      TemplateParamSet: ['123456'],
    })
    const headers = init.headers as Record<string, string>
    expect(headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-tc-action': 'SendSms',
      'x-tc-version': '2021-01-11',
      'x-tc-timestamp': '1700000000',
      'x-tc-region': 'ap-guangzhou',
    })
    expect(headers.authorization).toBe(
      tencentAuthorization({
        secretId: 'sid',
        secretKey: 'skey',
        host: 'sms.tencentcloudapi.example',
        action: 'SendSms',
        payload: String(init.body),
        timestamp: 1_700_000_000,
        service: 'sms',
      }),
    )
    expect(init.signal).toBeInstanceOf(AbortSignal)
  })

  it('tells throttling, refusals and an unreachable provider apart', async () => {
    const sender = tencentSmsSender(tencent, 5000)
    const status = (Code: unknown) => ({ Response: { SendStatusSet: [{ Code }] } })
    const error = (Code: unknown) => ({ Response: { Error: { Code } } })
    const answers: [unknown, string][] = [
      [status('Ok'), 'sent'],
      [
        status('LimitExceeded.PhoneNumberDailyLimit'),
        'throttled:LimitExceeded.PhoneNumberDailyLimit',
      ],
      [error('RequestLimitExceeded'), 'throttled:RequestLimitExceeded'],
      [error('RequestLimitExceeded.X'), 'refused:RequestLimitExceeded.X'],
      [error('AuthFailure.SignatureFailure'), 'refused:AuthFailure.SignatureFailure'],
      [{ Response: { Error: { Code: 'Ok' } } }, 'refused:Ok'],
      [
        { Response: { Error: { Code: 'InternalError' }, SendStatusSet: [{ Code: 'Ok' }] } },
        'refused:InternalError',
      ],
      [status('ok'), 'refused:ok'],
      [status(5), 'refused:'],
      [{ Response: { SendStatusSet: [] } }, 'refused:'],
      [{}, 'refused:'],
      [null, 'refused:'],
      [status(`E${'x'.repeat(200)}`), `refused:E${'x'.repeat(99)}`],
    ]
    for (const [answer, expected] of answers) {
      stubFetch(answer)
      expect(await failureOf(sender.send(message)), JSON.stringify(answer)).toBe(expected)
    }
    stubFetch(() => Promise.reject(new TypeError('fetch failed')))
    expect(await failureOf(sender.send(message))).toBe('unreachable:')
  })
})

describe('the sender SMS_SENDER chooses', () => {
  const logger = (level: string) => {
    const lines: { level: string; args: unknown[] }[] = []
    const log = {
      level,
      warn: (...args: unknown[]) => lines.push({ level: 'warn', args }),
      debug: (...args: unknown[]) => lines.push({ level: 'debug', args }),
    } as unknown as FastifyBaseLogger
    return { log, lines }
  }

  it('none refuses every message as not configured', async () => {
    const { log } = logger('info')
    expect(smsSenderOf({ sender: 'none' }, log)).toBe(unconfiguredSmsSender)
    expect(unconfiguredSmsSender.name).toBe('none')
    expect(await failureOf(unconfiguredSmsSender.send(message))).toBe('notConfigured:')
    const err = new SmsSendError('throttled', 'isv.X')
    expect(err.message).toBe('SMS not sent: throttled (isv.X)')
    expect(err.name).toBe('SmsSendError')
    expect(new SmsSendError('refused').message).toBe('SMS not sent: refused')
  })

  it('log writes the code at debug level, and warns when the level hides it', async () => {
    for (const [level, warned] of [
      ['info', 1],
      ['warn', 1],
      ['debug', 0],
      ['trace', 0],
    ] as const) {
      const { log, lines } = logger(level)
      const sender = smsSenderOf({ sender: 'log' }, log)
      expect(sender.name).toBe('log')
      const warnings = lines.filter((l) => l.level === 'warn')
      expect(warnings, level).toHaveLength(warned)
      for (const w of warnings) expect(String(w.args[0])).toContain('set LOG_LEVEL=debug')
      await sender.send(message)
      expect(lines.at(-1)).toMatchObject({
        level: 'debug',
        args: [
          { mobile: '13800000001', purpose: 'login', smsCode: '123456', expiresInMinutes: 5 },
          expect.stringContaining('SMS_SENDER=log'),
        ],
      })
    }
    expect(logSmsSender(logger('info').log).name).toBe('log')
  })

  it('aliyun and tencent get their settings and timeout', async () => {
    const { log } = logger('info')
    const a = smsSenderOf({ sender: 'aliyun', timeoutMs: 5000, aliyun }, log)
    const t = smsSenderOf({ sender: 'tencent', timeoutMs: 5000, tencent }, log)
    expect([a.name, t.name]).toEqual(['aliyun', 'tencent'])
    const calls = stubFetch({ Code: 'OK' })
    await a.send(message)
    expect(calls[0]!.url).toBe(aliyun.endpoint)
  })
})
