import type { FastifyInstance } from 'fastify'
import helmet from '@fastify/helmet'

/** HSTS sent on answers over HTTPS: 180 days, subdomains included. */
export const hstsValue = 'max-age=15552000; includeSubDomains'

/**
 * Security headers: CSP, nosniff, referrer policy, frame-ancestors (DESIGN §7), and HSTS
 * when the request came over HTTPS (a TLS socket, or `X-Forwarded-Proto: https` from a proxy
 * that TRUST_PROXY trusts; never over plain HTTP, where it would be meaningless).
 */
export async function registerSecurity(app: FastifyInstance) {
  await app.register(helmet, {
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
  })
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', hstsValue)
  })
}
