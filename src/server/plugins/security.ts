import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/** HSTS sent on answers over HTTPS: 180 days, subdomains included. */
export const hstsValue = 'max-age=15552000; includeSubDomains'

const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // antd-mobile sets style attributes at run time
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
}

/**
 * The headers helmet sets with these options, worked out once: none depends on the request
 * (no nonces), and @fastify/helmet built helmet's middleware, CSP parsing included, again on
 * every request (about a tenth of a small API answer's CPU).
 */
export function securityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  }
  let called = false
  helmet(options)({} as never, res as never, (err?: unknown) => {
    if (err) throw err
    called = true
  })
  // helmet's middleware is synchronous; a version that is not would send no headers here
  if (!called) throw new Error('helmet did not finish synchronously')
  return headers
}

/**
 * Security headers: CSP, nosniff, referrer policy, frame-ancestors (DESIGN §7), and HSTS
 * when the request came over HTTPS (a TLS socket, or `X-Forwarded-Proto: https` from a proxy
 * that TRUST_PROXY trusts; never over plain HTTP, where it would be meaningless).
 */
export async function registerSecurity(app: FastifyInstance) {
  const headers = securityHeaders()
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers)
    done()
  })
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', hstsValue)
  })
}
