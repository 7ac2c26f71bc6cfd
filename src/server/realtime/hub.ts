import type { WebSocket } from 'ws'
import type { WsServerMessage } from '#shared/contract/notices'
import type { Lang } from '../i18n.ts'
import { noticeView, type NoticeEvent } from '../modules/notices/notice-view.ts'

/** One open `/ws` connection. `userId` is set once the auth message was accepted. */
export type Client = {
  socket: WebSocket
  lang: Lang
  alive: boolean
  userId?: number
  sessionId?: number
}

const OPEN = 1

/** Sends one server message; a socket that is not open any more is skipped. */
export function sendTo(client: Client, message: WsServerMessage | string): void {
  if (client.socket.readyState !== OPEN) return
  client.socket.send(typeof message === 'string' ? message : JSON.stringify(message))
}

/**
 * The sockets of this instance, by user. Delivery is local only: across instances the
 * bus (in-process or PostgreSQL LISTEN/NOTIFY) hands every instance the same events.
 */
export function createHub() {
  const all = new Set<Client>()
  const byUser = new Map<number, Set<Client>>()

  return {
    add(client: Client) {
      all.add(client)
    },
    /** Marks a connection signed in as a user; from now on it receives that user's notices. */
    authenticate(client: Client, userId: number, sessionId: number) {
      client.userId = userId
      client.sessionId = sessionId
      let set = byUser.get(userId)
      if (!set) byUser.set(userId, (set = new Set()))
      set.add(client)
    },
    remove(client: Client) {
      all.delete(client)
      if (client.userId === undefined) return
      const set = byUser.get(client.userId)
      set?.delete(client)
      if (set?.size === 0) byUser.delete(client.userId)
    },
    clients(): Iterable<Client> {
      return all
    },
    /** How many signed-in users have at least one socket here. */
    userCount(): number {
      return byUser.size
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
        for (const client of set) {
          if (client.socket.readyState !== OPEN) continue
          client.socket.send(render(client.lang))
          sent++
        }
      }
      return sent
    },
    /** Closes every socket (app shutdown). */
    closeAll(code: number, reason: string) {
      for (const client of all) client.socket.close(code, reason)
      all.clear()
      byUser.clear()
    },
  }
}

export type Hub = ReturnType<typeof createHub>
