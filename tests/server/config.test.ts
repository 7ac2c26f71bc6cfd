import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '#server/config'

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      apiPrefix: '/api',
      accessTokenTtlSeconds: 1800,
      refreshTokenTtlSeconds: 7 * 86400,
      logLevel: 'info',
      logFormat: 'auto',
    })
  })

  it('LOG_FORMAT takes auto, line or json and names the choices for anything else', () => {
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json')
    expect(loadConfig({ LOG_FORMAT: 'line' }).logFormat).toBe('line')
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(
      'Invalid configuration: LOG_FORMAT must be one of auto, line, json (got "xml")',
    )
  })

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['DATABASE_URL', 'not a url'],
    ['API_PREFIX', 'api'],
    ['LOG_LEVEL', 'loud'],
    ['ACCESS_TOKEN_TTL_SECONDS', '-5'],
    ['REFRESH_TOKEN_TTL_SECONDS', '1.5'],
    ['ADMIN_PASSWORD', 'short'],
    ['READ_CACHE', 'off'],
    ['LOG_FORMAT', 'pretty'],
  ])('rejects %s=%s naming the variable', (name, value) => {
    let error: unknown
    try {
      loadConfig({ [name]: value })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).variable).toBe(name)
    expect((error as Error).message).toContain(name)
    expect((error as Error).message).not.toContain('\n')
  })

  it('never repeats a password in its message', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'abc' })).toThrow(/ADMIN_PASSWORD/)
    try {
      loadConfig({ ADMIN_PASSWORD: 'abc' })
    } catch (e) {
      expect((e as Error).message).not.toContain('"abc"')
    }
  })

  it('accepts a PostgreSQL URL and custom values', () => {
    const c = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u:p@db:5432/forgeline',
      API_PREFIX: '/v1/api',
    })
    expect(c.port).toBe(9000)
    expect(c.databaseUrl).toBe('postgres://u:p@db:5432/forgeline')
    expect(c.apiPrefix).toBe('/v1/api')
    expect(c.readCache).toBe(true)
    expect(loadConfig({ READ_CACHE: 'false' }).readCache).toBe(false)
  })
})

describe('upload and translation settings', () => {
  it('defaults to 5 MB uploads and no translation', () => {
    expect(loadConfig({})).toMatchObject({ uploadMaxBytes: 5 * 1024 * 1024, translate: null })
    expect(
      loadConfig({ UPLOAD_MAX_BYTES: '2097152', TRANSLATE_URL: 'http://127.0.0.1:5000' }),
    ).toMatchObject({
      uploadMaxBytes: 2097152,
      translate: { url: 'http://127.0.0.1:5000', apiKey: undefined },
    })
  })

  it.each([
    ['UPLOAD_MAX_BYTES', '5MB'],
    ['UPLOAD_MAX_BYTES', '10'],
    ['TRANSLATE_URL', 'ftp://translate.example'],
    ['TRANSLATE_URL', 'not a url'],
  ])('refuses %s=%s naming the variable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [variable]: value })).toThrow(variable)
  })
})

describe('PUBLIC_URL and production', () => {
  it('takes the origin of an absolute http(s) PUBLIC_URL whose path is BASE_PATH or /', () => {
    expect(loadConfig({}).publicOrigin).toBeNull()
    expect(loadConfig({ PUBLIC_URL: 'https://www.example.com' }).publicOrigin).toBe(
      'https://www.example.com',
    )
    expect(loadConfig({ PUBLIC_URL: 'http://shop.example:8443/' }).publicOrigin).toBe(
      'http://shop.example:8443',
    )
    expect(
      loadConfig({ PUBLIC_URL: 'https://example.com/Nst', BASE_PATH: '/Nst/' }).publicOrigin,
    ).toBe('https://example.com')
    expect(
      loadConfig({ PUBLIC_URL: 'https://example.com/', BASE_PATH: '/Nst/' }).publicOrigin,
    ).toBe('https://example.com')
  })

  it.each([
    ['example.com', 'must be an absolute http(s) address'],
    ['ftp://example.com', 'must be an absolute http(s) address'],
    ['https://user:pw@example.com', 'must not hold a user name or password'],
    ['https://example.com/?a=1', 'must not hold a query'],
    ['https://example.com/Nst/', 'has the path /Nst/ but BASE_PATH is /'],
  ])('refuses PUBLIC_URL=%s', (value, message) => {
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(ConfigError)
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(`PUBLIC_URL ${message}`)
  })

  it('refuses to start in production without PUBLIC_URL, so no absolute URL comes from a Host header', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'Invalid configuration: PUBLIC_URL must be set when NODE_ENV=production',
    )
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://www.example.com' }).publicOrigin,
    ).toBe('https://www.example.com')
  })

  it('refuses the one-click WeChat stand-in in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://www.example.com',
        WECHAT_STANDIN: 'true',
      }),
    ).toThrow('Invalid configuration: WECHAT_STANDIN must not be true when NODE_ENV=production')
    expect(loadConfig({ NODE_ENV: 'development', WECHAT_STANDIN: 'true' }).wechat?.standIn).toBe(
      true,
    )
  })
})

// SMS sender settings
describe('SMS_SENDER', () => {
  it('is none by default, log in development, and log is refused with NODE_ENV=production', () => {
    expect(loadConfig({}).sms).toEqual({ sender: 'none' })
    expect(loadConfig({ SMS_SENDER: 'log' }).sms).toEqual({ sender: 'log' })
    expect(() =>
      loadConfig({
        SMS_SENDER: 'log',
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://www.example.com',
      }),
    ).toThrow(
      'Invalid configuration: SMS_SENDER log is for development only (it writes phone codes to the log) and is refused with NODE_ENV=production; use aliyun or tencent',
    )
  })

  it('names the first missing provider setting, and never repeats a secret', () => {
    expect(() => loadConfig({ SMS_SENDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'id' })).toThrow(
      'ALIYUN_ACCESS_KEY_SECRET must be set with SMS_SENDER=aliyun',
    )
    expect(() => loadConfig({ SMS_SENDER: 'tencent' })).toThrow(
      'TENCENT_SECRET_ID must be set with SMS_SENDER=tencent',
    )
    try {
      loadConfig({ TENCENT_SECRET_KEY: 'x'.repeat(300) })
    } catch (e) {
      expect((e as ConfigError).variable).toBe('TENCENT_SECRET_KEY')
      expect((e as Error).message).not.toContain('xxxx')
    }
    const c = loadConfig({
      SMS_SENDER: 'tencent',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://www.example.com',
      TENCENT_SECRET_ID: 'id',
      TENCENT_SECRET_KEY: 'key',
      TENCENT_SMS_SDK_APP_ID: '1400000001',
      TENCENT_SMS_SIGN_NAME: '锻造厂',
      TENCENT_SMS_TEMPLATE_ID: '100001',
    })
    expect(c.sms).toMatchObject({
      sender: 'tencent',
      timeoutMs: 10_000,
      tencent: { region: 'ap-guangzhou', endpoint: 'https://sms.tencentcloudapi.com/' },
    })
  })
})
