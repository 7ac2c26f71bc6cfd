import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'kysely'
import type { Db } from '../db/open.ts'
import { loadNoticeEvent } from '../modules/notices/repository.ts'
import type { NoticeEvent } from '../modules/notices/notice-view.ts'
import type { Hub } from './hub.ts'
import { createPgListener } from './pg-listener.ts'

/** How a new notice reaches the sockets of every instance. */
export type NoticeBus = {
  /** Call after the notice's transaction committed. */
  publish(event: NoticeEvent): Promise<void>
  start(): Promise<void>
  close(): Promise<void>
}

export const noticeChannel = 'forgeline_notice'

/** SQLite means one process: the bus is a direct call into the local hub. */
export function createLocalBus(hub: Hub): NoticeBus {
  return {
    async publish(event) {
      hub.deliver(event)
    },
    async start() {},
    async close() {},
  }
}

/**
 * PostgreSQL: the publishing instance delivers to its own sockets at once and announces
 * the notice id with `pg_notify` (NOTIFY with a bound parameter); every other instance
 * LISTENs on a dedicated connection, loads the notice and its recipients, and delivers
 * to its own sockets. The payload carries only ids, far below NOTIFY's 8000-byte limit.
 */
export function createPgBus(hub: Hub, db: Db, url: string, log: FastifyBaseLogger): NoticeBus {
  const instance = randomUUID()
  let lastId = 0
  const deliverById = async (id: number) => {
    const event = await loadNoticeEvent(db.db, id)
    if (event) hub.deliver(event)
  }
  const listener = createPgListener({
    url,
    channel: noticeChannel,
    log,
    onMessage(payload) {
      let parsed: { id?: unknown; from?: unknown }
      try {
        parsed = JSON.parse(payload) as typeof parsed
      } catch {
        return
      }
      const id = parsed.id
      if (typeof id !== 'number' || !Number.isSafeInteger(id)) return
      lastId = Math.max(lastId, id)
      if (parsed.from === instance || hub.userCount() === 0) return
      deliverById(id).catch((err: unknown) =>
        log.warn({ err }, 'realtime: could not deliver a notice'),
      )
    },
    // notices announced while the listening connection was down: deliver those still unread
    async onReconnect() {
      if (lastId === 0) return
      const missed = await db.db
        .selectFrom('notice')
        .select('id')
        .where('id', '>', lastId)
        .where('created_at', '>', new Date(Date.now() - 10 * 60_000).toISOString())
        .orderBy('id')
        .limit(100)
        .execute()
      for (const m of missed) {
        lastId = Math.max(lastId, m.id)
        await deliverById(m.id)
      }
    },
  })
  return {
    async publish(event) {
      lastId = Math.max(lastId, event.notice.id)
      hub.deliver(event)
      const payload = JSON.stringify({ id: event.notice.id, from: instance })
      await sql`select pg_notify(${noticeChannel}, ${payload})`.execute(db.db)
    },
    start: () => listener.start(),
    close: () => listener.close(),
  }
}
