import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { RawData, WebSocket } from 'ws'
import { Code } from '#shared/contract/codes'
import { wsClientMessage } from '#shared/contract/notices'
import { AppError, notFound } from '../errors.ts'
import { requestLang, t, type Lang } from '../i18n.ts'
import { findSessionByAccessToken } from '../modules/auth/session-repository.ts'
import { closeCodes, sendTo, type Client, type Hub } from './hub.ts'

/** Close code of a connection that did not authenticate (no, bad or expired token) or whose session ended. */
export const closeUnauthorized = closeCodes.unauthorized

/** Tells a socket it is over a connection limit, then closes it with 4429. */
function refuseTooMany(client: Client, reason: string) {
  sendTo(client, {
    type: 'error',
    code: Code.tooManyRequests,
    msg: t('tooManyRequests', client.lang),
  })
  client.socket.close(closeCodes.tooManyConnections, reason)
}

/** The language of a connection: `?lang=` first, then the request headers (Accept-Language). */
function connectionLang(req: FastifyRequest): Lang {
  const q = (req.query as { lang?: unknown } | undefined)?.lang
  if (typeof q === 'string' && q !== '') return q.toLowerCase().startsWith('en') ? 'en' : 'zh'
  return requestLang(req)
}

/** A browser sends Origin; it must name the host the request was sent to. Non-browser clients send none. */
export function originAllowed(req: FastifyRequest): boolean {
  const origin = req.headers.origin
  if (origin === undefined) return true
  try {
    return new URL(origin).host.toLowerCase() === req.host.toLowerCase()
  } catch {
    return false
  }
}

function parse(data: RawData, isBinary: boolean) {
  if (isBinary) return undefined
  try {
    const r = wsClientMessage.safeParse(JSON.parse(data.toString()))
    return r.success ? r.data : undefined
  } catch {
    return undefined
  }
}

/**
 * `GET /ws` (DESIGN §4): the first message must be `{type:'auth', token}` within the auth
 * timeout, else close 4401. A bad token gets `{type:'error', code:401}`, an expired one
 * `{type:'error', code:10001}` (refresh, then reconnect), then close 4401. Then `{type:'ready'}`;
 * `{type:'ping'}` is answered `{type:'pong'}` and notices are pushed as they are created.
 */
export function wsRoute(
  app: FastifyInstance,
  hub: Hub,
  authTimeoutMs: number,
  maxQueuedBytes: number,
) {
  const db = app.deps.db.db

  const reject = (client: Client, code: number) => {
    const key = code === Code.tokenExpired ? 'tokenExpired' : 'unauthorized'
    sendTo(client, { type: 'error', code, msg: t(key, client.lang) })
    client.socket.close(closeUnauthorized, key)
  }

  const authenticate = async (client: Client, token: string): Promise<boolean> => {
    const s = await findSessionByAccessToken(db, token)
    if (client.socket.readyState !== 1) return false
    if (!s || s.revokedAt || s.ban) return (reject(client, Code.unauthorized), false)
    if (Date.parse(s.accessExpiresAt) <= Date.now())
      return (reject(client, Code.tokenExpired), false)
    if (!hub.authenticate(client, s.userId, s.sessionId, s.familyId)) {
      refuseTooMany(client, 'too many connections for this user')
      return false
    }
    sendTo(client, { type: 'ready' })
    return true
  }

  app.route({
    method: 'GET',
    url: '/ws',
    schema: { hide: true },
    onRequest: async (req) => {
      if (!originAllowed(req)) {
        req.log.warn({ origin: req.headers.origin }, 'realtime: refused a cross-origin websocket')
        throw new AppError(Code.forbidden, 'forbidden')
      }
    },
    // a plain HTTP GET (no upgrade) is an unknown path like any other
    handler: async () => {
      throw notFound()
    },
    wsHandler: (socket: WebSocket, req: FastifyRequest) => {
      const client: Client = {
        socket,
        lang: connectionLang(req),
        alive: true,
        ip: req.ip,
        maxQueuedBytes,
      }
      let state: 'auth' | 'checking' | 'ready' | 'done' = 'auth'
      let pongsOwed = 0
      const admitted = hub.add(client)
      if (admitted !== 'ok') {
        socket.on('error', () => {})
        app.metrics.rateLimited.inc({ kind: 'websocket' })
        return refuseTooMany(
          client,
          admitted === 'total' ? 'too many connections' : 'too many connections from this address',
        )
      }
      const timer = setTimeout(() => {
        if (state === 'ready') return
        state = 'done'
        socket.close(closeUnauthorized, 'auth timeout')
      }, authTimeoutMs)
      socket.on('pong', () => {
        client.alive = true
      })
      socket.on('close', () => {
        state = 'done'
        clearTimeout(timer)
        hub.remove(client)
      })
      socket.on('message', (data, isBinary) => {
        const msg = parse(data, isBinary)
        if (state === 'ready') {
          if (msg?.type === 'ping') sendTo(client, { type: 'pong' })
          else if (!msg)
            sendTo(client, {
              type: 'error',
              code: Code.badRequest,
              msg: t('badRequest', client.lang),
            })
          return
        }
        if (state === 'checking') {
          if (msg?.type === 'ping') pongsOwed++
          return
        }
        if (state !== 'auth') return
        if (msg?.type !== 'auth') {
          state = 'done'
          return reject(client, Code.unauthorized)
        }
        state = 'checking'
        authenticate(client, msg.token).then(
          (ok) => {
            if (!ok || client.socket.readyState !== 1) return void (state = 'done')
            state = 'ready'
            clearTimeout(timer)
            for (; pongsOwed > 0; pongsOwed--) sendTo(client, { type: 'pong' })
          },
          (err: unknown) => {
            req.log.error({ err }, 'realtime: authentication failed')
            state = 'done'
            socket.close(1011, 'server error')
          },
        )
      })
    },
  })
}
