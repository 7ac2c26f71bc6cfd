import path from 'node:path'
import { z } from 'zod'
import { parseBasePath } from '#shared/base-path'
import { parsePublicUrl } from './public-url.ts'
import { parseTrustProxy, type TrustProxy } from './trust-proxy.ts'
import { appVersion } from './version.ts'
// SMS sender settings: sms-config.ts
import { smsConfigOf, smsEnvShape, type SmsConfig } from './sms-config.ts'
// Web Push settings: push-config.ts
import { pushConfigOf, pushEnvShape, type PushConfig } from './push-config.ts'
// PostgreSQL time bounds (a host that hangs): config-database.ts
import { databaseEnvShape, databaseTimeoutsOf, type DatabaseTimeouts } from './config-database.ts'

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
const logFormats = ['auto', 'line', 'json'] as const

const intFrom = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))

const optionalSecret = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(200, 'must be at most 200 characters')
  .optional()

const schema = z.object({
  PORT: intFrom(0, 65535).default(8080),
  HOST: z
    .string()
    .trim()
    .regex(/^[\w.:-]+$/, 'must be a host name or an IP address')
    .default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => {
      try {
        const u = new URL(v)
        return (u.protocol === 'postgres:' || u.protocol === 'postgresql:') && u.hostname !== ''
      } catch {
        return false
      }
    }, 'must be a PostgreSQL URL such as postgres://user:password@host:5432/forgeline')
    .optional(),
  API_PREFIX: z
    .string()
    .trim()
    .regex(
      /^\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/,
      'must look like /api (a slash, then letters, digits, _ or -)',
    )
    .default('/api'),
  BASE_PATH: z
    .string()
    .transform((v, ctx) => {
      const parsed = parseBasePath(v)
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.reason })
      return parsed.ok ? parsed.value : z.NEVER
    })
    .default('/'),
  PUBLIC_URL: z
    .string()
    .transform((v, ctx) => {
      const parsed = parsePublicUrl(v)
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.reason })
      return parsed.ok ? parsed : z.NEVER
    })
    .optional(),
  ADMIN_PASSWORD: optionalSecret,
  EDITOR_PASSWORD: optionalSecret,
  STAFF_PASSWORD: optionalSecret,
  ACCESS_TOKEN_TTL_SECONDS: intFrom(30, 86_400).default(1800),
  REFRESH_TOKEN_TTL_SECONDS: intFrom(300, 90 * 86_400).default(7 * 86_400),
  LOG_LEVEL: z
    .enum(logLevels, { message: `must be one of ${logLevels.join(', ')}` })
    .default('info'),
  LOG_FORMAT: z
    .enum(logFormats, { message: `must be one of ${logFormats.join(', ')}` })
    .default('auto'),
  SEED_DEMO: z.enum(['true', 'false'], { message: 'must be true or false' }).default('true'),
  READ_CACHE: z.enum(['true', 'false'], { message: 'must be true or false' }).default('true'),
  WECHAT_APP_ID: z.string().trim().max(100).optional(),
  WECHAT_APP_SECRET: z.string().trim().max(200).optional(),
  WECHAT_AUTHORIZE_URL: z.url({ message: 'must be an http(s) URL' }).optional(),
  WECHAT_TOKEN_URL: z.url({ message: 'must be an http(s) URL' }).optional(),
  WECHAT_STANDIN: z.enum(['true', 'false'], { message: 'must be true or false' }).default('false'),
  REGISTRATION: z.enum(['true', 'false'], { message: 'must be true or false' }).default('true'),
  SMS_TEST_CODE: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, 'must be 4-8 digits')
    .optional(),
  UPLOAD_MAX_BYTES: intFrom(1024, 100 * 1024 * 1024).default(5 * 1024 * 1024),
  TRANSLATE_URL: z
    .url({
      protocol: /^https?$/,
      message: 'must be an http(s) URL of a LibreTranslate-compatible server',
    })
    .optional(),
  TRANSLATE_API_KEY: z.string().trim().max(200).optional(),
  // retention, session lifetime and durability (see docs/security.md, "Retention, durability and log redaction")
  SESSION_MAX_AGE_SECONDS: intFrom(3600, 365 * 86_400).default(30 * 86_400),
  LOG_RETENTION_DAYS: intFrom(1, 3650).default(180),
  NOTICE_RETENTION_DAYS: intFrom(1, 3650).default(90),
  SESSION_RETENTION_DAYS: intFrom(1, 3650).default(30),
  IDEMPOTENCY_RETENTION_DAYS: intFrom(1, 3650).default(30),
  /** record history (docs/history.md): how long a change stays in a record's history */
  HISTORY_RETENTION_DAYS: intFrom(1, 36500).default(1825),
  PRUNE_INTERVAL_MINUTES: intFrom(1, 1440).default(60),
  LOG_REFUSALS_PER_ADDRESS_PER_HOUR: intFrom(1, 100_000).default(60),
  RATE_LIMIT_MEMORY_KEYS: intFrom(10, 10_000_000).default(100_000),
  SQLITE_SYNCHRONOUS: z
    .enum(['full', 'normal'], { message: 'must be full or normal' })
    .default('full'),
  SQLITE_WAL_MAX_MB: intFrom(1, 4096).default(256),
  DRAIN_SECONDS: intFrom(0, 60).default(0),
  WS_MAX_CONNECTIONS: intFrom(1, 1_000_000).default(10_000),
  WS_MAX_PER_USER: intFrom(1, 1000).default(10),
  WS_MAX_PER_ADDRESS: intFrom(1, 100_000).default(50),
  WS_MAX_MESSAGE_BYTES: intFrom(256, 1024 * 1024).default(4096),
  WS_MAX_QUEUED_BYTES: intFrom(16 * 1024, 64 * 1024 * 1024).default(1024 * 1024),
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v)
      if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed })
      return typeof parsed === 'string' ? z.NEVER : parsed
    })
    .default(false),
  REQUEST_TIMEOUT_SECONDS: intFrom(1, 3600).default(60),
  // spreadsheet imports are parsed in a worker process with these limits (docs/security.md)
  IMPORT_PARSE_TIMEOUT_MS: intFrom(1, 600_000).default(30_000),
  IMPORT_PARSE_HEAP_MB: intFrom(16, 4096).default(512),
  // SMS sender (sms-config.ts)
  ...smsEnvShape,
  // operations (docs/operations.md): PostgreSQL pool size, the Prometheus endpoint
  DATABASE_POOL_SIZE: intFrom(1, 1000).default(10),
  ...databaseEnvShape,
  METRICS_PORT: intFrom(0, 65535).optional(),
  METRICS_HOST: z
    .string()
    .trim()
    .regex(/^[\w.:-]+$/, 'must be a host name or an IP address')
    .default('127.0.0.1'),
  // where backups are written: the metrics report the newest one's time (metrics/backup-age.ts)
  BACKUP_DIR: z.string().trim().min(1, 'must not be empty').optional(),
  // Web Push (push-config.ts, docs/push.md)
  ...pushEnvShape,
})

/** The settings the schema reads (docs/configuration.md is checked against them). */
export const configShape = schema.shape

export type Config = {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  apiPrefix: string
  /** SPEC §9 public path: the sub-path the client is built for and served under (`/` or `/Nst/`) */
  basePath: string
  /** PUBLIC_URL's origin for canonical, og:url, JSON-LD and sitemap URLs; null: the request's (development only) */
  publicOrigin: string | null
  adminPassword: string | undefined
  editorPassword: string | undefined
  staffPassword: string | undefined
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
  logLevel: (typeof logLevels)[number]
  /** request log: `line` one short line per request, `json` pino's JSON lines, `auto` line on a terminal, else JSON */
  logFormat: (typeof logFormats)[number]
  seedDemo: boolean
  /** embedded database: keep sessions, roles and grid pages in memory until their tables change */
  readCache: boolean
  wechat: {
    appId: string
    appSecret: string
    authorizeUrl: string
    tokenUrl: string
    /** the local stand-in provider (tests and demos), never on by default */
    standIn: boolean
  } | null
  /** whether POST /register creates accounts */
  registration: boolean
  /** the fixed phone code of SPEC §5, accepted for any number; only when SMS_TEST_CODE is set (tests, demos) */
  smsTestCode: string | null
  /** largest upload in bytes, enforced while streaming */
  uploadMaxBytes: number
  /** LibreTranslate-compatible server for CommonData/TranslateGeneral; null hides translation */
  translate: { url: string; apiKey: string | undefined } | null
  /** a sign-in's refresh-token family ends this long after the sign-in, however often refreshed */
  sessionMaxAgeSeconds: number
  /** how long system_log rows, ended sessions, idempotency results and record history are kept; how often pruned */
  retention: {
    logDays: number
    noticeDays: number
    sessionDays: number
    idempotencyDays: number
    historyDays: number
    pruneIntervalMinutes: number
  }
  /** new refusal rows (sign-in failures, attacks...) one address may add to system_log per hour */
  logRefusalsPerAddressPerHour: number
  /** embedded database: counters each in-process limiter pool keeps at most (lockouts, others) */
  rateLimitMemoryKeys: number
  /** SQLite `synchronous` in WAL mode: full survives a power cut, normal only a process crash */
  sqliteSynchronous: 'full' | 'normal'
  /** SQLite: past this WAL size (MiB) the writer waits for a checkpoint that empties it */
  sqliteWalMaxMb: number
  /** on SIGTERM, seconds /readyz answers 503 while requests are still served, before closing */
  drainSeconds: number
  /** `/ws` limits (docs/security.md): sockets in total, per user, per address; message and send-queue bytes */
  ws: {
    maxConnections: number
    maxPerUser: number
    maxPerAddress: number
    maxMessageBytes: number
    maxQueuedBytes: number
  }
  /** Fastify's trustProxy: whom to believe for the client address and protocol (X-Forwarded-*) */
  trustProxy: TrustProxy
  /** longest time to receive a whole request, headers and body (slow senders are cut off) */
  requestTimeoutMs: number
  /** one spreadsheet import's parse (a worker process): its time limit and its heap limit */
  importParse: { timeoutMs: number; heapMb: number }
  /** how phone codes are sent (SMS_SENDER, sms-config.ts): none, the development log, Aliyun or Tencent */
  sms: SmsConfig
  /** PostgreSQL: the most connections this instance opens (DATABASE_POOL_SIZE) */
  databasePoolSize: number
  /** PostgreSQL: longest wait for one query's answer and for a connection (DATABASE_*_TIMEOUT_SECONDS) */
  databaseTimeouts: DatabaseTimeouts
  /** the Prometheus endpoint's own listener (METRICS_PORT, METRICS_HOST); null: off */
  metrics: { port: number; host: string } | null
  /** the backup folder (BACKUP_DIR): `forgeline_last_backup_timestamp_seconds` reads it; null: unset */
  backupDir: string | null
  /** Web Push (WEB_PUSH, WEB_PUSH_SUBJECT, WEB_PUSH_HOSTS...; push-config.ts) */
  push: PushConfig
  /** built client files (index.html and assets) */
  clientDir: string
  version: string
}

function wechatConfig(c: z.output<typeof schema>): Config['wechat'] {
  if (c.WECHAT_STANDIN === 'true') {
    return {
      appId: 'standin',
      appSecret: 'standin',
      authorizeUrl: '/wechat-standin/authorize',
      tokenUrl: '',
      standIn: true,
    }
  }
  if (!c.WECHAT_APP_ID || !c.WECHAT_APP_SECRET) return null
  return {
    appId: c.WECHAT_APP_ID,
    appSecret: c.WECHAT_APP_SECRET,
    authorizeUrl: c.WECHAT_AUTHORIZE_URL ?? 'https://open.weixin.qq.com/connect/qrconnect',
    tokenUrl: c.WECHAT_TOKEN_URL ?? 'https://api.weixin.qq.com/sns/oauth2/access_token',
    standIn: false,
  }
}

/**
 * Text safe to print: the password of every `scheme://user:password@host` URL, and the
 * password of DATABASE_URL wherever it appears, replaced by `***`.
 */
export function redactSecrets(
  text: string,
  env: Record<string, string | undefined> = process.env,
): string {
  let out = text.replace(/([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@]*@/gi, '$1***@')
  const url = env.DATABASE_URL
  if (url) {
    const at = url.lastIndexOf('@')
    const colon = url.indexOf(':', url.indexOf('//') + 2)
    const secret = at > 0 && colon > 0 && colon < at ? url.slice(colon + 1, at) : ''
    if (secret.length >= 3) {
      out = out.split(secret).join('***')
      try {
        const decoded = decodeURIComponent(secret)
        if (decoded.length >= 3) out = out.split(decoded).join('***')
      } catch {
        // not percent-encoded text: the raw form is already hidden
      }
    }
  }
  return out
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly reason: string,
  ) {
    super(redactSecrets(`Invalid configuration: ${variable} ${reason}`))
    this.name = 'ConfigError'
  }
}

/**
 * Settings that only make sense together: PUBLIC_URL's path is BASE_PATH; with
 * NODE_ENV=production absolute URLs never come from a request's Host (PUBLIC_URL is required)
 * and the one-click WeChat stand-in is refused.
 */
function checkProduction(c: z.output<typeof schema>, production: boolean) {
  if (c.PUBLIC_URL && c.PUBLIC_URL.path !== '/' && c.PUBLIC_URL.path !== c.BASE_PATH) {
    throw new ConfigError(
      'PUBLIC_URL',
      `has the path ${c.PUBLIC_URL.path} but BASE_PATH is ${c.BASE_PATH}: they must be the same`,
    )
  }
  if (production && !c.PUBLIC_URL) {
    throw new ConfigError(
      'PUBLIC_URL',
      'must be set when NODE_ENV=production: the address visitors use, such as https://www.example.com (canonical and share links are built from it)',
    )
  }
  if (c.METRICS_PORT !== undefined && c.METRICS_PORT !== 0 && c.METRICS_PORT === c.PORT) {
    throw new ConfigError(
      'METRICS_PORT',
      `must differ from PORT (${c.PORT}): metrics are never served on the public port`,
    )
  }
  if (production && c.WECHAT_STANDIN === 'true') {
    throw new ConfigError(
      'WECHAT_STANDIN',
      'must not be true when NODE_ENV=production: the stand-in lets anyone sign in with one click',
    )
  }
}

/** Read the configuration from environment variables; throws ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input: Record<string, string> = {}
  for (const key of Object.keys(schema.shape)) {
    const value = env[key]
    if (value !== undefined && value !== '') input[key] = value
  }
  const parsed = schema.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const variable = String(issue.path[0] ?? 'configuration')
    const shown = input[variable]
    const secret = /(PASSWORD|SECRET|SECRET_KEY|API_KEY)$/.test(variable)
    throw new ConfigError(
      variable,
      secret || shown === undefined
        ? issue.message
        : `${issue.message} (got "${redactSecrets(shown, env)}")`,
    )
  }
  const c = parsed.data
  checkProduction(c, env.NODE_ENV === 'production')
  // SMS sender: SMS_SENDER=log is refused with NODE_ENV=production
  const sms = smsConfigOf(c, env.NODE_ENV)
  if ('variable' in sms) throw new ConfigError(sms.variable, sms.reason)
  const push = pushConfigOf(c, c.PUBLIC_URL?.origin, env.NODE_ENV)
  if ('variable' in push) throw new ConfigError(push.variable, push.reason)
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    apiPrefix: c.API_PREFIX,
    basePath: c.BASE_PATH,
    publicOrigin: c.PUBLIC_URL?.origin ?? null,
    adminPassword: c.ADMIN_PASSWORD,
    editorPassword: c.EDITOR_PASSWORD,
    staffPassword: c.STAFF_PASSWORD,
    accessTokenTtlSeconds: c.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: c.REFRESH_TOKEN_TTL_SECONDS,
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT,
    seedDemo: c.SEED_DEMO === 'true',
    readCache: c.READ_CACHE === 'true',
    registration: c.REGISTRATION === 'true',
    smsTestCode: c.SMS_TEST_CODE ?? null,
    wechat: wechatConfig(c),
    uploadMaxBytes: c.UPLOAD_MAX_BYTES,
    translate: c.TRANSLATE_URL ? { url: c.TRANSLATE_URL, apiKey: c.TRANSLATE_API_KEY } : null,
    sessionMaxAgeSeconds: c.SESSION_MAX_AGE_SECONDS,
    retention: {
      logDays: c.LOG_RETENTION_DAYS,
      noticeDays: c.NOTICE_RETENTION_DAYS,
      sessionDays: c.SESSION_RETENTION_DAYS,
      idempotencyDays: c.IDEMPOTENCY_RETENTION_DAYS,
      historyDays: c.HISTORY_RETENTION_DAYS,
      pruneIntervalMinutes: c.PRUNE_INTERVAL_MINUTES,
    },
    logRefusalsPerAddressPerHour: c.LOG_REFUSALS_PER_ADDRESS_PER_HOUR,
    rateLimitMemoryKeys: c.RATE_LIMIT_MEMORY_KEYS,
    sqliteSynchronous: c.SQLITE_SYNCHRONOUS,
    sqliteWalMaxMb: c.SQLITE_WAL_MAX_MB,
    drainSeconds: c.DRAIN_SECONDS,
    ws: {
      maxConnections: c.WS_MAX_CONNECTIONS,
      maxPerUser: c.WS_MAX_PER_USER,
      maxPerAddress: c.WS_MAX_PER_ADDRESS,
      maxMessageBytes: c.WS_MAX_MESSAGE_BYTES,
      maxQueuedBytes: c.WS_MAX_QUEUED_BYTES,
    },
    trustProxy: c.TRUST_PROXY,
    requestTimeoutMs: c.REQUEST_TIMEOUT_SECONDS * 1000,
    importParse: { timeoutMs: c.IMPORT_PARSE_TIMEOUT_MS, heapMb: c.IMPORT_PARSE_HEAP_MB },
    sms,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    databaseTimeouts: databaseTimeoutsOf(c),
    metrics: c.METRICS_PORT === undefined ? null : { port: c.METRICS_PORT, host: c.METRICS_HOST },
    backupDir: c.BACKUP_DIR === undefined ? null : path.resolve(c.BACKUP_DIR),
    push,
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist'),
    // package.json's version, read at run time (the unit runs node without npm)
    version: appVersion(),
  }
}
