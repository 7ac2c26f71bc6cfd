import { createHash, createHmac } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app'
import { loadConfig } from '#server/config'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

/**
 * Fake Alibaba Cloud and Tencent Cloud SMS endpoints on 127.0.0.1: each recomputes the request
 * signature with the provider's documented algorithm (written here independently of the
 * server's code) and answers what the test asks: success, throttling or failure.
 */
type Reply = 'ok' | 'throttle' | 'fail'
let reply: Reply = 'ok'
const seen: { provider: string; signatureOk: boolean; mobile: string; code: string }[] = []
let server: http.Server
let base = ''

const aliyunSecret = 'aliyun-test-secret'
const tencentKey = 'tencent-test-secret-key'

/** RFC 3986 encoding of Alibaba Cloud's signature documentation. */
const pct = (v: string) =>
  encodeURIComponent(v)
    .replace(/!/g, '%21')
    .replace(/'/g, '%27')
    .replace(/\(/g, '%28')
    .replace(/\)/g, '%29')
    .replace(/\*/g, '%2A')

function checkAliyun(body: string) {
  const params = new URLSearchParams(body)
  const given = params.get('Signature') ?? ''
  const pairs = [...params.entries()]
    .filter(([k]) => k !== 'Signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const canonical = pairs.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&')
  const stringToSign = `POST&${pct('/')}&${pct(canonical)}`
  const expected = createHmac('sha1', `${aliyunSecret}&`).update(stringToSign).digest('base64')
  const ok =
    given === expected &&
    params.get('SignatureMethod') === 'HMAC-SHA1' &&
    params.get('SignatureVersion') === '1.0' &&
    params.get('Action') === 'SendSms' &&
    params.get('Version') === '2017-05-25' &&
    params.get('AccessKeyId') === 'aliyun-key-id' &&
    params.get('SignName') === '锻造厂' &&
    params.get('TemplateCode') === 'SMS_000001'
  const code = (JSON.parse(params.get('TemplateParam') ?? '{}') as { code?: string }).code ?? ''
  return { ok, mobile: params.get('PhoneNumbers') ?? '', code }
}

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex')
const hmac256 = (key: string | Buffer, v: string) => createHmac('sha256', key).update(v).digest()

function checkTencent(headers: http.IncomingHttpHeaders, body: string) {
  const auth = String(headers.authorization ?? '')
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    )
  const payload = JSON.parse(body) as {
    PhoneNumberSet: string[]
    TemplateParamSet: string[]
    SmsSdkAppId: string
    SignName: string
    TemplateId: string
  }
  const out = {
    ok: false,
    mobile: payload.PhoneNumberSet[0] ?? '',
    code: payload.TemplateParamSet[0] ?? '',
  }
  if (!m) return out
  const [, secretId, date, signedHeaders, signature] = m
  const timestamp = String(headers['x-tc-timestamp'])
  const names = signedHeaders!.split(';')
  const canonicalHeaders = names
    .map((n) => `${n}:${String(headers[n]).trim().toLowerCase()}\n`)
    .join('')
  const canonicalRequest = `POST\n/\n\n${canonicalHeaders}\n${signedHeaders}\n${sha256(body)}`
  const scope = `${date}/sms/tc3_request`
  const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256(canonicalRequest)}`
  const key = hmac256(hmac256(hmac256(`TC3${tencentKey}`, date!), 'sms'), 'tc3_request')
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex')
  out.ok =
    signature === expected &&
    secretId === 'tencent-secret-id' &&
    names.includes('host') &&
    names.includes('content-type') &&
    new Date(Number(timestamp) * 1000).toISOString().slice(0, 10) === date &&
    headers['x-tc-action'] === 'SendSms' &&
    headers['x-tc-version'] === '2021-01-11' &&
    headers['x-tc-region'] === 'ap-guangzhou' &&
    payload.SmsSdkAppId === '1400000001' &&
    payload.SignName === '锻造厂' &&
    payload.TemplateId === '100001'
  return out
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (d: Buffer) => (body += d.toString()))
    req.on('end', () => {
      const provider = req.url?.startsWith('/aliyun') ? 'aliyun' : 'tencent'
      const check = provider === 'aliyun' ? checkAliyun(body) : checkTencent(req.headers, body)
      seen.push({ provider, signatureOk: check.ok, mobile: check.mobile, code: check.code })
      res.setHeader('content-type', 'application/json')
      if (provider === 'aliyun') {
        const Code = !check.ok
          ? 'SignatureDoesNotMatch'
          : reply === 'ok'
            ? 'OK'
            : reply === 'throttle'
              ? 'isv.BUSINESS_LIMIT_CONTROL'
              : 'isv.SMS_TEMPLATE_ILLEGAL'
        res.statusCode = check.ok ? 200 : 400
        return res.end(JSON.stringify({ Code, Message: Code, RequestId: 'r1', BizId: 'b1' }))
      }
      if (!check.ok)
        return res.end(
          JSON.stringify({
            Response: {
              Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad' },
              RequestId: 'r1',
            },
          }),
        )
      const code =
        reply === 'ok'
          ? 'Ok'
          : reply === 'throttle'
            ? 'LimitExceeded.PhoneNumberThirtySecondLimit'
            : 'FailedOperation.TemplateIncorrectOrUnapproved'
      res.end(
        JSON.stringify({
          Response: {
            SendStatusSet: [{ Code: code, Message: code, PhoneNumber: check.mobile }],
            RequestId: 'r1',
          },
        }),
      )
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

const providers = {
  aliyun: () => ({
    SMS_SENDER: 'aliyun',
    ALIYUN_ACCESS_KEY_ID: 'aliyun-key-id',
    ALIYUN_ACCESS_KEY_SECRET: aliyunSecret,
    ALIYUN_SMS_SIGN_NAME: '锻造厂',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_000001',
    ALIYUN_SMS_ENDPOINT: `${base}/aliyun/`,
  }),
  tencent: () => ({
    SMS_SENDER: 'tencent',
    TENCENT_SECRET_ID: 'tencent-secret-id',
    TENCENT_SECRET_KEY: tencentKey,
    TENCENT_SMS_SDK_APP_ID: '1400000001',
    TENCENT_SMS_SIGN_NAME: '锻造厂',
    TENCENT_SMS_TEMPLATE_ID: '100001',
    TENCENT_SMS_ENDPOINT: `${base}/tencent/`,
  }),
}

/** The app with the sender SMS_SENDER chooses (not the test capture sender). */
async function appWith(env: Record<string, string>) {
  const t = await createTestApp({ SEED_DEMO: 'false', ...env })
  const app = await buildApp({ config: t.config, db: t.db })
  await app.ready()
  return { t, app }
}

let ipN = 1
const send = (app: TestApp['app'], mobile: string, lang = 'en') =>
  app.inject({
    method: 'POST',
    url: '/api/User/SendSmsCode',
    payload: { mobile, purpose: 'register' },
    headers: { lang },
    remoteAddress: `203.0.113.${ipN++}`,
  })
const storedCodes = (t: TestApp, mobile: string) =>
  t.db.db.selectFrom('sms_code').select('id').where('mobile', '=', mobile).execute()

describe.each(['aliyun', 'tencent'] as const)('SMS provider %s', (name) => {
  let t: TestApp
  let app: TestApp['app']
  beforeAll(async () => {
    ;({ t, app } = await appWith(providers[name]()))
  })
  afterAll(async () => {
    await app.close()
    await t.close()
  })

  it('sends a correctly signed request; the code it carried signs up', async () => {
    reply = 'ok'
    const r = await send(app, '13600000001')
    expect(r.json()).toMatchObject({ code: 200, msg: 'The verification code has been sent' })
    const last = seen.at(-1)!
    expect(last).toMatchObject({
      provider: name,
      signatureOk: true,
      mobile: name === 'tencent' ? '+8613600000001' : '13600000001',
    })
    expect(await storedCodes(t, '13600000001')).toHaveLength(1)
    const reg = await app.inject({
      method: 'POST',
      url: '/register',
      payload: {
        username: `${name}-user`,
        password: 'register-pass-1',
        mobile: '13600000001',
        code: last.code,
      },
    })
    expect(reg.json()).toMatchObject({ code: 200 })
  })

  it('throttling: the user is told to wait, no code is stored', async () => {
    reply = 'throttle'
    const r = await send(app, '13600000002', 'zh')
    expect(r.statusCode).toBe(429)
    expect(r.json()).toMatchObject({
      code: 429,
      msg: '短信服务商限制了向该号码发送短信的频率，请稍后再试',
    })
    expect(seen.at(-1)!.signatureOk).toBe(true)
    expect(await storedCodes(t, '13600000002')).toHaveLength(0)
  })

  it('failure: the user is told the message could not be sent, no code is stored', async () => {
    reply = 'fail'
    const r = await send(app, '13600000003')
    expect(r.statusCode).toBe(503)
    expect(r.json()).toMatchObject({
      code: 503,
      msg: 'The text message could not be sent; please try again later',
    })
    expect(await storedCodes(t, '13600000003')).toHaveLength(0)
  })

  it('an unreachable provider (nothing listening) answers the same failure, no code stored', async () => {
    const env = {
      ...providers[name](),
      [name === 'aliyun' ? 'ALIYUN_SMS_ENDPOINT' : 'TENCENT_SMS_ENDPOINT']: 'http://127.0.0.1:1/',
    }
    const down = await appWith(env)
    try {
      const r = await send(down.app, '13600000004')
      expect(r.statusCode).toBe(503)
      expect(await storedCodes(down.t, '13600000004')).toHaveLength(0)
    } finally {
      await down.app.close()
      await down.t.close()
    }
  })
})

describe('without an SMS sender', () => {
  it('answers "SMS is not configured" and stores no code', async () => {
    const { t, app } = await appWith({})
    try {
      const r = await send(app, '13600000005')
      expect(r.json()).toMatchObject({
        code: 404,
        msg: 'SMS is not configured: no verification code can be sent',
      })
      expect(await storedCodes(t, '13600000005')).toHaveLength(0)
    } finally {
      await app.close()
      await t.close()
    }
  })

  it('the development log sender writes the code at debug level only', async () => {
    const lines: string[] = []
    const env = { SMS_SENDER: 'log', LOG_LEVEL: 'info' }
    const t = await createTestApp({ SEED_DEMO: 'false', ...env })
    const stream = { write: (l: string) => void lines.push(l) }
    for (const level of ['info', 'debug'] as const) {
      const config = loadConfig({
        ...env,
        LOG_LEVEL: level,
        DATA_DIR: t.dataDir,
        CLIENT_DIR: t.config.clientDir,
      })
      const app = await buildApp({ config, db: t.db }, { logStream: stream })
      await app.ready()
      lines.length = 0
      const r = await send(app, level === 'info' ? '13600000006' : '13600000007')
      expect(r.json()).toMatchObject({ code: 200 })
      const code = (
        await t.db.db
          .selectFrom('sms_code')
          .select('id')
          .where('mobile', '=', level === 'info' ? '13600000006' : '13600000007')
          .execute()
      ).length
      expect(code).toBe(1)
      const withCode = lines.filter((l) => l.includes('smsCode'))
      expect(withCode).toHaveLength(level === 'info' ? 0 : 1)
      await app.close()
    }
    await t.close()
  })
})
