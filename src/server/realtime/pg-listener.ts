import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import { defaultDatabaseTimeouts, type DatabaseTimeouts } from '../config-database.ts'
import { keepAliveIdleMs } from '../db/pg-options.ts'
import { boundClient, destroyConnection } from '../db/query-bounds.ts'

export type PgListenerOptions = {
  url: string
  channel: string
  log: FastifyBaseLogger
  onMessage: (payload: string) => void
  /** after a lost connection was re-established (not on the first connect) */
  onReconnect: () => Promise<void>
  /** true once LISTENing, false when the connection is lost or closed */
  onListening?: (listening: boolean) => void
  /** connect and query bounds (DATABASE_*_TIMEOUT_SECONDS); a ping that takes longer drops the connection */
  timeouts?: DatabaseTimeouts
  /** how often the idle connection is pinged (ms), so a host that hangs silently is noticed */
  heartbeatMs?: number
}

/** The idle LISTEN connection is pinged this often by default (ms). */
export const defaultHeartbeatMs = 10_000

/** Longest wait between two reconnect attempts (ms). */
export const maxReconnectDelayMs = 10_000

/**
 * The wait before the next attempt: `base` with jitter (between half and all of it), so that
 * the instances that lost PostgreSQL together do not all knock at the same moment.
 */
export const jittered = (base: number, random = Math.random) =>
  Math.round(base * (0.5 + random() / 2))

/**
 * A dedicated PostgreSQL connection that LISTENs on one channel (pooled connections
 * cannot hold a LISTEN). On error or end it reconnects with a growing, jittered delay (1 s to
 * 10 s): the notices resume within seconds of the database's return. Every client it makes
 * has an 'error' listener from its creation to its end (an unheard 'error' ends the process).
 * A host that hangs (open socket, no answers) sends no error: a ping every `heartbeatMs`,
 * bounded like any query, notices it (as does TCP keepalive, more slowly), and the connection
 * is destroyed and made again; connecting is bounded too (DATABASE_CONNECT_TIMEOUT_SECONDS).
 */
export function createPgListener(o: PgListenerOptions) {
  let client: pg.Client | undefined
  let closing = false
  let timer: NodeJS.Timeout | undefined
  let delay = 1000
  let connectedOnce = false
  let heartbeat: NodeJS.Timeout | undefined
  const timeouts = o.timeouts ?? defaultDatabaseTimeouts

  const stopHeartbeat = () => {
    if (heartbeat) clearInterval(heartbeat)
    heartbeat = undefined
  }

  const schedule = () => {
    if (closing || timer) return
    timer = setTimeout(() => {
      timer = undefined
      connect().catch(() => schedule())
    }, jittered(delay))
    delay = Math.min(delay * 2, maxReconnectDelayMs)
  }

  const drop = (c: pg.Client) => {
    if (client !== c) return
    client = undefined
    stopHeartbeat()
    o.onListening?.(false)
    c.removeAllListeners('notification')
    // no goodbye: a host that hangs would never answer it
    destroyConnection(c)
    c.end().catch(() => {})
    schedule()
  }

  async function connect(): Promise<void> {
    if (closing) return
    const c = new pg.Client({
      connectionString: o.url,
      keepAlive: true,
      keepAliveInitialDelayMillis: keepAliveIdleMs,
      connectionTimeoutMillis: timeouts.connectMs,
    })
    boundClient(c, timeouts.queryMs)
    c.on('error', (err) => {
      o.log.warn({ err }, 'realtime: LISTEN connection failed, reconnecting')
      drop(c)
    })
    c.on('end', () => drop(c))
    c.on('notification', (m) => {
      if (m.channel === o.channel && m.payload) o.onMessage(m.payload)
    })
    client = c
    try {
      await c.connect()
      await c.query(`LISTEN ${pg.escapeIdentifier(o.channel)}`)
    } catch (err) {
      o.log.warn({ err }, 'realtime: could not LISTEN, retrying')
      drop(c)
      return
    }
    if (closing) {
      await c.end().catch(() => {})
      return
    }
    delay = 1000
    stopHeartbeat()
    heartbeat = setInterval(() => {
      c.query('select 1').catch((err: unknown) => {
        if (client !== c) return
        o.log.warn({ err }, 'realtime: LISTEN connection does not answer, reconnecting')
        drop(c)
      })
    }, o.heartbeatMs ?? defaultHeartbeatMs)
    heartbeat.unref()
    o.onListening?.(true)
    if (connectedOnce)
      await o
        .onReconnect()
        .catch((err: unknown) => o.log.warn({ err }, 'realtime: catch-up failed'))
    connectedOnce = true
  }

  return {
    /** Connects and LISTENs; on failure keeps retrying in the background. */
    start: () => connect(),
    async close() {
      closing = true
      stopHeartbeat()
      o.onListening?.(false)
      if (timer) clearTimeout(timer)
      timer = undefined
      const c = client
      client = undefined
      if (c) {
        c.removeAllListeners()
        c.on('error', () => {})
        await c.end().catch(() => {})
      }
    },
  }
}
