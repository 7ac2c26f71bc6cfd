import type { FastifyInstance, FastifyRequest } from 'fastify'
import websocket from '@fastify/websocket'
import type { VersionMessage } from '#shared/contract/row-version'
import type { NoticeEvent } from '../modules/notices/notice-view.ts'
import { rootPlugin } from '../plugins/root-plugin.ts'
import { createLocalBus, createPgBus } from './bus.ts'
import { createHub, type Hub } from './hub.ts'
import { sessionChecker, startLiveness } from './liveness.ts'
import { wsRoute } from './ws-route.ts'

export type Realtime = {
  hub: Hub
  /** Pushes a committed notice to its recipients on every instance. */
  publish(event: NoticeEvent): Promise<void>
  /** "record X is now version N" (after the save committed), to the staff who may see it, on every instance. */
  publishVersions(messages: VersionMessage[]): Promise<void>
  /** Closes the sockets of ended sessions now, on every instance (else the 30 s sweep does). */
  sessionsEnded(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime
  }
}

export type RealtimeOptions = {
  /** ws ping interval; a socket that misses one pong is terminated (default 30 s) */
  pingIntervalMs?: number
  /** how long a new socket may take to send its auth message (default 10 s) */
  authTimeoutMs?: number
}

/**
 * Calls after which sessions may have ended: sign-out, a password change, and an administrator's
 * ban or password reset (PostCommon SaveUser / ResetUserPassword).
 */
function endsSessions(req: FastifyRequest): boolean {
  const url = req.routeOptions.url ?? ''
  if (/\/logout$/i.test(url) || /\/User\/ModifyMyPass$/i.test(url)) return true
  if (!/\/PostData\/PostCommon$/i.test(url)) return false
  const postUrl = (req.body as { postUrl?: unknown } | undefined)?.postUrl
  return typeof postUrl === 'string' && /^(SaveUser|ResetUserPassword)$/i.test(postUrl)
}

/**
 * The real-time hub (DESIGN §4, §8): `GET /ws`, liveness pings, and the notice bus -
 * in-process with SQLite, PostgreSQL LISTEN/NOTIFY across instances. The LISTEN
 * connection uses DATABASE_URL, the same connection string the pool was opened with.
 * Runs in the registering (root) instance, so `app.realtime` is visible everywhere.
 */
export const realtimeRoutes = rootPlugin(async (app: FastifyInstance, options: RealtimeOptions) => {
  const { db, config } = app.deps
  const hub = createHub(config.ws, (sent) => app.metrics.noticesPushed.inc(sent))
  app.metrics.watchSockets(() => hub.size())
  await app.register(websocket, {
    // a bigger message closes the socket with 1009; sockets are counted by the hub
    options: { maxPayload: config.ws.maxMessageBytes, perMessageDeflate: false },
    // close with 1001 "going away" so clients reconnect; stragglers are cut after 1 s
    preClose(done) {
      const sockets = [...hub.clients()].map((c) => c.socket)
      hub.closeAll(1001, 'server closing')
      setTimeout(() => {
        for (const s of sockets) if (s.readyState !== 3) s.terminate()
      }, 1000).unref()
      app.websocketServer.close()
      done()
    },
  })
  const checkSessions = sessionChecker(app, hub)
  const bus =
    db.dialect === 'postgres' && config.databaseUrl
      ? createPgBus(
          hub,
          db,
          config.databaseUrl,
          app.log,
          () => void checkSessions(),
          config.databaseTimeouts,
        )
      : createLocalBus(hub, db)
  const sessionsEnded = async () => {
    await Promise.all([
      checkSessions(),
      bus
        .announceSessionsEnded()
        .catch((err: unknown) =>
          app.log.warn({ err }, 'realtime: could not announce ended sessions'),
        ),
    ])
  }
  // a notice also goes out as Web Push from the instance that publishes it, off the request path
  const publish = (event: NoticeEvent) => {
    app.push.enqueue(event)
    return bus.publish(event)
  }
  const publishVersions = (messages: VersionMessage[]) => bus.publishVersions(messages)
  app.decorate('realtime', { hub, publish, publishVersions, sessionsEnded })
  wsRoute(app, hub, options.authTimeoutMs ?? 10_000, config.ws.maxQueuedBytes)
  const stopLiveness = startLiveness(app, hub, options.pingIntervalMs ?? 30_000, checkSessions)
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode < 400 && endsSessions(req)) await sessionsEnded()
  })
  app.addHook('onReady', () => bus.start())
  app.addHook('onClose', async () => {
    stopLiveness()
    await bus.close()
  })
})
