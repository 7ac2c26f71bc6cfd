import type { FastifyRequest } from 'fastify'
import type { Config } from './config.ts'
import { createLineFormatter } from './log-line.ts'

/*
 * Log redaction: no line of the request log may carry a credential. Three layers:
 * - the `req` serializer logs the URL with the values of sensitive query parameters replaced;
 * - pino `redact` removes sensitive headers and fields wherever a handler logs an object;
 * - every line passes through `scrubLine` on its way out, which catches what the first two
 *   cannot see (a URL inside a message such as Fastify's "Route GET:/x?refreshToken=… not found").
 * All three are linear in the line's length (names are bounded, no nested quantifiers).
 */

export const redacted = '[redacted]'

/** Query parameter or field names whose values never reach a log (matched as substrings, any case). */
const sensitiveParts = [
  'token',
  'password',
  'passwd',
  'pwd',
  'param',
  'ticket',
  'secret',
  'authorization',
  'cookie',
  'apikey',
  'api_key',
  'session',
]
/** Exact names also redacted in URLs: the WeChat sign-in `code` (not a substring: `postcode` is fine). */
const sensitiveQueryNames = new Set(['code', 'key', 'sig', 'signature'])

const isSensitive = (name: string) => {
  const n = name.toLowerCase()
  return sensitiveParts.some((p) => n.includes(p))
}

/** A URL (path and query) with the values of sensitive query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  if (q < 0) return url
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      if (eq < 0) return pair
      let name = pair.slice(0, eq)
      try {
        name = decodeURIComponent(name)
      } catch {
        /* keep it encoded */
      }
      return isSensitive(name) || sensitiveQueryNames.has(name.toLowerCase())
        ? `${pair.slice(0, eq)}=${redacted}`
        : pair
    })
  return `${url.slice(0, q)}?${params.join('&')}`
}

// `?name=value` / `&name=value` anywhere in a line, and `"name":"value"` JSON string fields
const queryPair = /([?&])([^=&\s"'#\\]{1,100})=([^&\s"'#\\]*)/g
const jsonField = /"([^"\\]{1,100})":"((?:[^"\\]|\\.)*)"/g

/** One finished log line with every sensitive query value and JSON string field replaced. */
export function scrubLine(line: string): string {
  return line
    .replace(queryPair, (all, sep: string, name: string) =>
      isSensitive(name) || sensitiveQueryNames.has(name.toLowerCase())
        ? `${sep}${name}=${redacted}`
        : all,
    )
    .replace(jsonField, (all, name: string) =>
      isSensitive(name) ? `"${name}":"${redacted}"` : all,
    )
}

/** What the request log says about a request: the default fields, with a redacted URL. */
export function requestSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  }
}

const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.token',
  'req.headers["x-refresh-token"]',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'password',
  'param',
  'refreshToken',
  'token',
  'ticket',
  '*.password',
  '*.newPass',
  '*.oldPass',
  '*.param',
  '*.refreshToken',
  '*.RefreshToken',
  '*.Token',
  '*.token',
  '*.ticket',
  '*.Ticket',
]

/** Where log lines go; `isTTY` (a terminal) makes LOG_FORMAT=auto write short lines. */
export type LogStream = { write: (line: string) => unknown; isTTY?: boolean }

/** Whether the log is written as short lines (LOG_FORMAT=line, or auto on a terminal) rather than JSON. */
export function writesLines(
  config: Pick<Config, 'logFormat'>,
  stream: LogStream = process.stdout,
): boolean {
  return config.logFormat === 'line' || (config.logFormat === 'auto' && stream.isTTY === true)
}

/** Pino options of the app's logger (false when LOG_LEVEL=silent); `stream` defaults to stdout. */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  stream: LogStream = process.stdout,
) {
  if (config.logLevel === 'silent') return false as const
  const format = writesLines(config, stream) ? createLineFormatter() : (line: string) => line
  return {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: redacted },
    serializers: { req: requestSerializer },
    hooks: {
      // Fastify's "Server listening at" line: the start-up summary (main.ts) says where it
      // listens, once, without a raw log line before it
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        if (typeof args[0] === 'string' && args[0].startsWith('Server listening at ')) return
        method.apply(this, args)
      },
    },
    stream: {
      write: (line: string) => {
        const out = format(scrubLine(line))
        if (out !== null) stream.write(out)
      },
    },
  }
}
