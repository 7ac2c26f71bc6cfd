import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'kysely'
import type { DatabaseTimeouts } from '../config-database.ts'
import type { Db } from '../db/open.ts'
import type { NoticeType } from '#shared/contract/notice-types'
import type { VersionMessage } from '#shared/contract/row-version'
import { versionAudience } from '../modules/history/version-audience.ts'
import { stillAllowed } from '../modules/notices/audience.ts'
import { loadNoticeEvent } from '../modules/notices/repository.ts'
import type { NoticeEvent } from '../modules/notices/notice-view.ts'
import type { Hub } from './hub.ts'
import { createPgListener } from './pg-listener.ts'

/** How a new notice, and a "some sessions ended" signal, reach the sockets of every instance. */
export type NoticeBus = {
  /** Call after the notice's transaction committed. */
  publish(event: NoticeEvent): Promise<void>
  /** Call after a save committed: "record X is now version N" to the staff who may see it. */
  publishVersions(messages: VersionMessage[]): Promise<void>
  /** Tells the other instances to check their sockets' sessions now (logout, ban, password change). */
  announceSessionsEnded(): Promise<void>
  start(): Promise<void>
  close(): Promise<void>
}

export const noticeChannel = 'forgeline_notice'

/**
 * Hands a notice to the local sockets of its recipients who may still receive it: their role
 * still holds its screen and they are not banned (re-checked only for users connected here).
 */
async function deliverAllowed(hub: Hub, db: Db, event: NoticeEvent): Promise<void> {
  const online = hub.connectedAmong(event.recipients)
  if (online.length === 0) return
  const recipients = await stillAllowed(db.db, event.notice.createType as NoticeType, online)
  hub.deliver({ ...event, recipients })
}

/**
 * Hands version messages to the local sockets of the users who may see each record type (the
 * save's permission and screens, re-checked here; DESIGN §11). The message holds no field values.
 */
async function deliverVersions(hub: Hub, db: Db, messages: VersionMessage[]): Promise<void> {
  const online = hub.connectedUsers()
  if (online.length === 0 || messages.length === 0) return
  const byType = new Map<string, VersionMessage[]>()
  for (const m of messages) byType.set(m.recordType, [...(byType.get(m.recordType) ?? []), m])
  for (const [type, list] of byType) {
    const users = await versionAudience(db.db, type, online)
    for (const m of list) hub.deliverTo(users, JSON.stringify(m))
  }
}

/** Version messages as NOTIFY payload entries: `[type, Id, RowVersion, deleted]`, ids only. */
type VersionEntry = [string, string | number, number, 0 | 1]
const versionChunk = 100
const toEntry = (m: VersionMessage): VersionEntry => [
  m.recordType,
  m.Id,
  m.RowVersion,
  m.deleted ? 1 : 0,
]
function fromEntries(v: unknown): VersionMessage[] {
  if (!Array.isArray(v)) return []
  const out: VersionMessage[] = []
  for (const e of v) {
    if (!Array.isArray(e) || typeof e[0] !== 'string' || typeof e[2] !== 'number') continue
    if (typeof e[1] !== 'number' && typeof e[1] !== 'string') continue
    out.push({
      type: 'version',
      recordType: e[0],
      Id: e[1],
      RowVersion: e[2],
      ...(e[3] === 1 ? { deleted: true } : {}),
    })
  }
  return out
}

/** SQLite means one process: the bus is a direct call into the local hub. */
export function createLocalBus(hub: Hub, db: Db): NoticeBus {
  return {
    publish: (event) => deliverAllowed(hub, db, event),
    publishVersions: (messages) => deliverVersions(hub, db, messages),
    async announceSessionsEnded() {},
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
export function createPgBus(
  hub: Hub,
  db: Db,
  url: string,
  log: FastifyBaseLogger,
  onSessionsEnded: () => void,
  /** the LISTEN connection's connect and ping bounds (DATABASE_*_TIMEOUT_SECONDS) */
  timeouts?: DatabaseTimeouts,
): NoticeBus {
  const instance = randomUUID()
  let lastId = 0
  const deliverById = async (id: number) => {
    const event = await loadNoticeEvent(db.db, id)
    if (event) await deliverAllowed(hub, db, event)
  }
  const listener = createPgListener({
    url,
    channel: noticeChannel,
    log,
    timeouts,
    // the sign-in cache answers only while this connection can hear the others' changes
    onListening: (listening) => db.signIns.setLive(listening),
    onMessage(payload) {
      let parsed: {
        id?: unknown
        from?: unknown
        sessions?: unknown
        signIn?: unknown
        versions?: unknown
      }
      try {
        parsed = JSON.parse(payload) as typeof parsed
      } catch {
        return
      }
      // sign-in state changed (migration 0024's triggers): some token hashes, or "all"
      if (parsed.signIn !== undefined) {
        if (Array.isArray(parsed.signIn))
          db.signIns.drop(parsed.signIn.filter((h): h is string => typeof h === 'string'))
        else db.signIns.clear()
        return
      }
      // records saved on another instance: "record X is now version N"
      if (parsed.versions !== undefined) {
        if (parsed.from === instance || hub.userCount() === 0) return
        deliverVersions(hub, db, fromEntries(parsed.versions)).catch((err: unknown) =>
          log.warn({ err }, 'realtime: could not deliver record versions'),
        )
        return
      }
      if (parsed.sessions === true) {
        if (parsed.from !== instance && hub.userCount() > 0) onSessionsEnded()
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
      await deliverAllowed(hub, db, event)
      const payload = JSON.stringify({ id: event.notice.id, from: instance })
      await sql`select pg_notify(${noticeChannel}, ${payload})`.execute(db.db)
    },
    async publishVersions(messages) {
      await deliverVersions(hub, db, messages)
      // ids and numbers only, in chunks far below NOTIFY's 8000-byte limit
      for (let i = 0; i < messages.length; i += versionChunk) {
        const versions = messages.slice(i, i + versionChunk).map(toEntry)
        const payload = JSON.stringify({ versions, from: instance })
        await sql`select pg_notify(${noticeChannel}, ${payload})`.execute(db.db)
      }
    },
    async announceSessionsEnded() {
      const payload = JSON.stringify({ sessions: true, from: instance })
      await sql`select pg_notify(${noticeChannel}, ${payload})`.execute(db.db)
    },
    start: () => listener.start(),
    close: () => listener.close(),
  }
}
