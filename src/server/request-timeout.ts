import http from 'node:http'

/**
 * The HTTP server with a request timeout: a request whose headers and body have not all
 * arrived within `timeoutMs` is answered 408 and its connection closed, so slow senders cannot
 * hold connections open (Fastify's default is no limit). Node checks pending requests every
 * `connectionsCheckingInterval`, kept well under the timeout so it is enforced close to it.
 */
export function requestTimedServer(handler: http.RequestListener, timeoutMs: number): http.Server {
  const server = http.createServer(
    {
      requestTimeout: timeoutMs,
      headersTimeout: Math.min(timeoutMs, 60_000),
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(timeoutMs / 4))),
    },
    handler,
  )
  // Fastify's own default (longer than a proxy's usual keep-alive, so the proxy closes first)
  server.keepAliveTimeout = 72_000
  return server
}
