import { z } from 'zod'

/**
 * Web Push settings (docs/push.md), kept apart from config.ts, which spreads
 * `pushEnvShape` into its schema and calls `pushConfigOf`.
 * - WEB_PUSH=off turns push off server-wide (no key endpoint, no subscriptions, nothing sent).
 * - WEB_PUSH_SUBJECT: the VAPID contact (RFC 8292), `mailto:` or `https:`; by default PUBLIC_URL.
 * - WEB_PUSH_HOSTS: the push services the server may post to (a subscription names its endpoint;
 *   only these hosts and their sub-domains are accepted, over https on port 443). An entry `http://host:port`
 *   admits that one plain-http origin (a local stand-in for tests); refused with NODE_ENV=production.
 */
const defaultHosts = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
]

const hostEntry = /^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^http:\/\/[a-z0-9.-]+(?::\d{1,5})?$/

export const pushEnvShape = {
  WEB_PUSH: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  WEB_PUSH_SUBJECT: z
    .string()
    .trim()
    .regex(
      /^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s]+)$/,
      'must be a mailto: address or an https: URL',
    )
    .max(200, 'must be at most 200 characters')
    .optional(),
  WEB_PUSH_HOSTS: z
    .string()
    .trim()
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== ''),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(hostEntry, 'must be host names separated by commas (or http://host:port)'),
        )
        .min(1, 'must name at least one host'),
    )
    .optional(),
  WEB_PUSH_TIMEOUT_SECONDS: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number from 1 to 60')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be at least 1').max(60, 'must be at most 60'))
    .default(10),
}

type Env = z.output<z.ZodObject<typeof pushEnvShape>>

export type PushConfig = {
  enabled: boolean
  /** VAPID `sub` claim */
  subject: string
  /** push service hosts (suffix match, https) and exact plain-http origins (stand-ins) */
  hosts: string[]
  origins: string[]
  /** one push request's time limit */
  timeoutMs: number
}

/** The push settings, or the variable that is wrong and why. */
export function pushConfigOf(
  c: Env,
  publicOrigin: string | undefined,
  nodeEnv: string | undefined,
): PushConfig | { variable: string; reason: string } {
  const entries = c.WEB_PUSH_HOSTS ?? defaultHosts
  const origins = entries.filter((e) => e.startsWith('http://'))
  if (origins.length > 0 && nodeEnv === 'production') {
    return {
      variable: 'WEB_PUSH_HOSTS',
      reason: 'must not name a plain http:// origin when NODE_ENV=production',
    }
  }
  const subject =
    c.WEB_PUSH_SUBJECT ??
    (publicOrigin?.startsWith('https://') ? publicOrigin : 'mailto:webmaster@forgeline.invalid')
  return {
    enabled: c.WEB_PUSH === 'on',
    subject,
    hosts: entries.filter((e) => !e.startsWith('http://')),
    origins,
    timeoutMs: c.WEB_PUSH_TIMEOUT_SECONDS * 1000,
  }
}

/** Whether the server may post to this push endpoint (WEB_PUSH_HOSTS). */
export function endpointAllowed(
  endpoint: string,
  p: Pick<PushConfig, 'hosts' | 'origins'>,
): boolean {
  let u: URL
  try {
    u = new URL(endpoint)
  } catch {
    return false
  }
  if (u.username !== '' || u.password !== '') return false
  if (u.protocol === 'http:') return p.origins.includes(u.origin)
  // https on its default port only: a push service never names another, and a port is how an
  // allowed host's other services (or a tunnel) would be reached
  if (u.protocol !== 'https:' || u.port !== '') return false
  const host = u.hostname.toLowerCase()
  return p.hosts.some((h) => host === h || host.endsWith(`.${h}`))
}
