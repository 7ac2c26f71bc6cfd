import type { WebSocket } from 'ws'
import type { WsServerMessage } from '#shared/contract/notices'
import type { Config } from '../config.ts'
import type { Lang } from '../i18n.ts'
import { noticeView, type NoticeEvent } from '../modules/notices/notice-view.ts'

/** Close codes of `/ws` besides the standard ones (1001 server closing, 1009 message too big). */
export const closeCodes = {
  /** no, bad or expired token; or the session ended (logout, ban, password change, expiry) */
  unauthorized: 4401,
  /** a slow consumer: more than WS_MAX_QUEUED_BYTES waiting to be sent */
  slowConsumer: 4408,
  /** too many sockets: in total, from this address or for this user */
  tooManyConnections: 4429,
} as const

/** One open `/ws` connection. `userId` is set once the auth message was accepted. */
export type Client = {
  socket: WebSocket
  lang: Lang
  alive: boolean
  /** the client address (TRUST_PROXY decides whether forwarded addresses count) */
  ip: string
  /** the largest send queue (bytes) before the socket is dropped as a slow consumer */
  maxQueuedBytes: number
  userId?: number
  sessionId?: number
  familyId?: string
  /** counted by the hub (add accepted it) */
  added?: boolean
  /** closing as a slow consumer: nothing more is queued */
  dropped?: boolean
}

export type HubLimits = Pick<Config['ws'], 'maxConnections' | 'maxPerUser' | 'maxPerAddress'>

const OPEN = 1

/** Closes a slow consumer; a socket that cannot even take its close frame is cut after 1 s. */
function dropSlow(client: Client) {
  if (client.dropped) return
  client.dropped = true
  client.socket.close(closeCodes.slowConsumer, 'slow consumer')
  setTimeout(() => {
    if (client.socket.readyState !== 3) client.socket.terminate()
  }, 1000).unref()
}

/**
 * Sends one server message; a socket that is not open any more is skipped, and one whose send
 * queue would pass its limit is closed (4408) instead. Returns whether it was sent.
 */
export function sendTo(client: Client, message: WsServerMessage | string): boolean {
  if (client.socket.readyState !== OPEN || client.dropped) return false
  const text = typeof message === 'string' ? message : JSON.stringify(message)
  if (client.socket.bufferedAmount + Buffer.byteLength(text) > client.maxQueuedBytes) {
    dropSlow(client)
    return false
  }
  client.socket.send(text)
  return true
}

/**
 * The sockets of this instance, by user, within the limits of `/ws`. Delivery is local only:
 * across instances the bus (in-process or PostgreSQL LISTEN/NOTIFY) hands every instance the
 * same events.
 */
export function createHub(
  limits: HubLimits = { maxConnections: 10_000, maxPerUser: 10, maxPerAddress: 50 },
  /** told how many sockets each delivery reached (metrics) */
  onDelivered: (sent: number) => void = () => {},
) {
  const all = new Set<Client>()
  const byUser = new Map<number, Set<Client>>()
  const byAddress = new Map<string, number>()

  return {
    /** Counts a new connection; 'total' or 'address' when a limit refuses it (it is not added then). */
    add(client: Client): 'ok' | 'total' | 'address' {
      if (all.size >= limits.maxConnections) return 'total'
      const n = byAddress.get(client.ip) ?? 0
      if (n >= limits.maxPerAddress) return 'address'
      byAddress.set(client.ip, n + 1)
      all.add(client)
      client.added = true
      return 'ok'
    },
    /**
     * Marks a connection signed in as a user; from now on it receives that user's notices.
     * False (and nothing changes) when the user already has WS_MAX_PER_USER sockets here.
     */
    authenticate(client: Client, userId: number, sessionId: number, familyId: string): boolean {
      let set = byUser.get(userId)
      if ((set?.size ?? 0) >= limits.maxPerUser) return false
      client.userId = userId
      client.sessionId = sessionId
      client.familyId = familyId
      if (!set) byUser.set(userId, (set = new Set()))
      set.add(client)
      return true
    },
    remove(client: Client) {
      if (!all.delete(client)) return
      const n = (byAddress.get(client.ip) ?? 1) - 1
      if (n <= 0) byAddress.delete(client.ip)
      else byAddress.set(client.ip, n)
      if (client.userId === undefined) return
      const set = byUser.get(client.userId)
      set?.delete(client)
      if (set?.size === 0) byUser.delete(client.userId)
    },
    clients(): Iterable<Client> {
      return all
    },
    /** How many sockets are open here. */
    size(): number {
      return all.size
    },
    /** How many signed-in users have at least one socket here. */
    userCount(): number {
      return byUser.size
    },
    /** Of these users, those with a signed-in socket here. */
    connectedAmong(userIds: readonly number[]): number[] {
      return byUser.size === 0 ? [] : userIds.filter((id) => byUser.has(id))
    },
    /**
     * Pushes a new notice to the sockets of exactly its recipients, each in the language
     * of its connection. Returns how many sockets it was sent to.
     */
    deliver(event: NoticeEvent): number {
      if (byUser.size === 0) return 0
      const text: Partial<Record<Lang, string>> = {}
      const render = (lang: Lang) =>
        (text[lang] ??= JSON.stringify({
          type: 'notice',
          notice: noticeView(event.notice, lang, false),
          sentAt: Date.now(),
        }))
      let sent = 0
      for (const userId of event.recipients) {
        const set = byUser.get(userId)
        if (!set) continue
        for (const client of set) if (sendTo(client, render(client.lang))) sent++
      }
      if (sent > 0) onDelivered(sent)
      return sent
    },
    /**
     * Sends one ready-made message (a record's new version) to every socket of these users.
     * Returns how many sockets it was sent to.
     */
    deliverTo(userIds: readonly number[], text: string): number {
      let sent = 0
      for (const userId of userIds)
        for (const client of byUser.get(userId) ?? []) if (sendTo(client, text)) sent++
      return sent
    },
    /** Ids of the signed-in users with a socket here. */
    connectedUsers(): number[] {
      return [...byUser.keys()]
    },
    /** Closes every socket (app shutdown). */
    closeAll(code: number, reason: string) {
      for (const client of all) client.socket.close(code, reason)
      all.clear()
      byUser.clear()
      byAddress.clear()
    },
  }
}

export type Hub = ReturnType<typeof createHub>
