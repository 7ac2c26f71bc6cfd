import { z } from 'zod'

/**
 * SMS settings (docs/security.md "Phone codes and SMS providers"): which sender
 * delivers phone codes and the provider's credentials, all from the environment. Kept apart
 * from config.ts, which spreads `smsEnvShape` into its schema and calls `smsConfigOf`.
 */
const senders = ['log', 'aliyun', 'tencent'] as const
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .optional()
const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional()

export const smsEnvShape = {
  SMS_SENDER: z.enum(senders, { message: `must be one of ${senders.join(', ')}` }).optional(),
  SMS_TIMEOUT_SECONDS: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number from 1 to 60')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be at least 1').max(60, 'must be at most 60'))
    .default(10),
  ALIYUN_ACCESS_KEY_ID: text(100),
  ALIYUN_ACCESS_KEY_SECRET: text(200),
  ALIYUN_SMS_SIGN_NAME: text(50),
  ALIYUN_SMS_TEMPLATE_CODE: text(50),
  ALIYUN_SMS_ENDPOINT: httpUrl,
  TENCENT_SECRET_ID: text(100),
  TENCENT_SECRET_KEY: text(200),
  TENCENT_SMS_SDK_APP_ID: text(50),
  TENCENT_SMS_SIGN_NAME: text(50),
  TENCENT_SMS_TEMPLATE_ID: text(50),
  TENCENT_SMS_REGION: z
    .string()
    .trim()
    .regex(/^[a-z]+(-[a-z]+)+$/, 'must look like ap-guangzhou')
    .optional(),
  TENCENT_SMS_ENDPOINT: httpUrl,
}

type Env = z.output<z.ZodObject<typeof smsEnvShape>>

export type AliyunSmsConfig = {
  accessKeyId: string
  accessKeySecret: string
  signName: string
  templateCode: string
  endpoint: string
}
export type TencentSmsConfig = {
  secretId: string
  secretKey: string
  sdkAppId: string
  signName: string
  templateId: string
  region: string
  endpoint: string
}

/** How phone codes leave the server: none (sending answers "SMS is not configured"), the development log, or a provider. */
export type SmsConfig =
  | { sender: 'none' }
  | { sender: 'log' }
  | { sender: 'aliyun'; timeoutMs: number; aliyun: AliyunSmsConfig }
  | { sender: 'tencent'; timeoutMs: number; tencent: TencentSmsConfig }

/** A setting that is wrong together with another one: the variable and why (config.ts throws ConfigError). */
export type SmsConfigProblem = { variable: string; reason: string }

function required<K extends keyof Env>(
  c: Env,
  names: K[],
  sender: string,
): SmsConfigProblem | undefined {
  const missing = names.find((n) => c[n] === undefined)
  return missing
    ? { variable: missing, reason: `must be set with SMS_SENDER=${sender}` }
    : undefined
}

/** The SMS settings, or the problem with them. `SMS_SENDER=log` is refused with NODE_ENV=production. */
export function smsConfigOf(c: Env, nodeEnv: string | undefined): SmsConfig | SmsConfigProblem {
  const timeoutMs = c.SMS_TIMEOUT_SECONDS * 1000
  switch (c.SMS_SENDER) {
    case undefined:
      return { sender: 'none' }
    case 'log':
      if (nodeEnv === 'production') {
        return {
          variable: 'SMS_SENDER',
          reason:
            'log is for development only (it writes phone codes to the log) and is refused with NODE_ENV=production; use aliyun or tencent',
        }
      }
      return { sender: 'log' }
    case 'aliyun': {
      const problem = required(
        c,
        [
          'ALIYUN_ACCESS_KEY_ID',
          'ALIYUN_ACCESS_KEY_SECRET',
          'ALIYUN_SMS_SIGN_NAME',
          'ALIYUN_SMS_TEMPLATE_CODE',
        ],
        'aliyun',
      )
      if (problem) return problem
      return {
        sender: 'aliyun',
        timeoutMs,
        aliyun: {
          accessKeyId: c.ALIYUN_ACCESS_KEY_ID!,
          accessKeySecret: c.ALIYUN_ACCESS_KEY_SECRET!,
          signName: c.ALIYUN_SMS_SIGN_NAME!,
          templateCode: c.ALIYUN_SMS_TEMPLATE_CODE!,
          endpoint: c.ALIYUN_SMS_ENDPOINT ?? 'https://dysmsapi.aliyuncs.com/',
        },
      }
    }
    case 'tencent': {
      const problem = required(
        c,
        [
          'TENCENT_SECRET_ID',
          'TENCENT_SECRET_KEY',
          'TENCENT_SMS_SDK_APP_ID',
          'TENCENT_SMS_SIGN_NAME',
          'TENCENT_SMS_TEMPLATE_ID',
        ],
        'tencent',
      )
      if (problem) return problem
      return {
        sender: 'tencent',
        timeoutMs,
        tencent: {
          secretId: c.TENCENT_SECRET_ID!,
          secretKey: c.TENCENT_SECRET_KEY!,
          sdkAppId: c.TENCENT_SMS_SDK_APP_ID!,
          signName: c.TENCENT_SMS_SIGN_NAME!,
          templateId: c.TENCENT_SMS_TEMPLATE_ID!,
          region: c.TENCENT_SMS_REGION ?? 'ap-guangzhou',
          endpoint: c.TENCENT_SMS_ENDPOINT ?? 'https://sms.tencentcloudapi.com/',
        },
      }
    }
  }
}
