import type { FastifyInstance } from 'fastify'
import websocket from '@fastify/websocket'
import type { NoticeEvent } from '../modules/notices/notice-view.ts'
import { createLocalBus, createPgBus } from './bus.ts'
import { createHub, type Hub } from './hub.ts'
import { startLiveness } from './liveness.ts'
import { wsRoute } from './ws-route.ts'

export type Realtime = {
  hub: Hub
  /** Pushes a committed notice to its recipients on every instance. */
  publish(event: NoticeEvent): Promise<void>
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
 * The real-time hub (DESIGN §4, §8): `GET /ws`, liveness pings, and the notice bus -
 * in-process with SQLite, PostgreSQL LISTEN/NOTIFY across instances. The LISTEN
 * connection uses DATABASE_URL, the same connection string the pool was opened with.
 * Call on the root instance so `app.realtime` is visible everywhere.
 */
export async function registerRealtime(app: FastifyInstance, options: RealtimeOptions = {}) {
  const hub = createHub()
  await app.register(websocket, {
    options: { maxPayload: 4096, perMessageDeflate: false },
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
  const { db, config } = app.deps
  const bus =
    db.dialect === 'postgres' && config.databaseUrl
      ? createPgBus(hub, db, config.databaseUrl, app.log)
      : createLocalBus(hub)
  app.decorate('realtime', { hub, publish: (event: NoticeEvent) => bus.publish(event) })
  wsRoute(app, hub, options.authTimeoutMs ?? 10_000)
  const stopLiveness = startLiveness(app, hub, options.pingIntervalMs ?? 30_000)
  app.addHook('onReady', () => bus.start())
  app.addHook('onClose', async () => {
    stopLiveness()
    await bus.close()
  })
}
