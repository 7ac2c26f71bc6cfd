import type { FastifyBaseLogger } from 'fastify'
import webPush from 'web-push'
import { noticeTypes } from '#shared/contract/notice-types'
import type { NoticeType } from '#shared/contract/notices'
import type { Db } from '../../db/open.ts'
import type { Lang } from '../../i18n.ts'
import type { PushConfig } from '../../push-config.ts'
import { stillAllowed } from '../notices/audience.ts'
import type { NoticeEvent } from '../notices/notice-view.ts'
import { hasLiveSession, type SessionLifetime } from './live-subscriptions.ts'
import { pushPayload } from './push-payload.ts'
import type { VapidKeys } from './vapid-keys.ts'

/** Sends notices as Web Push messages, off the request path (queue, bounded concurrency, timeouts). */
export type PushSender = {
  /** Queues a committed notice; returns at once. */
  enqueue(event: NoticeEvent): void
  /** Resolves when nothing is queued or being sent (tests, shutdown). */
  idle(): Promise<void>
  close(): Promise<void>
}

/** Notices waiting at most; more are dropped with a warning (the list and the sockets still have them). */
const maxQueued = 1000
/** Push requests in flight at most, over all notices. */
const concurrency = 8

type Target = {
  id: number
  userId: number
  endpoint: string
  p256dh: string
  auth: string
  lang: string
}

/**
 * The subscriptions of these users with a live sign-in (live-subscriptions.ts): never one whose
 * session was revoked, expired or deleted, whatever the prune has removed since.
 */
async function targetsOf(db: Db, userIds: number[], lifetime: SessionLifetime): Promise<Target[]> {
  const out: Target[] = []
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await db.db
      .selectFrom('push_subscription as p')
      .select(['p.id', 'p.user_id as userId', 'p.endpoint', 'p.p256dh', 'p.auth', 'p.lang'])
      .where('p.user_id', 'in', userIds.slice(i, i + 500))
      .where(hasLiveSession(Date.now(), lifetime))
      .orderBy('p.id')
      .execute()
    out.push(...rows)
  }
  return out
}

/** Whether a planned target still has its live sign-in (checked again just before posting). */
async function stillLive(db: Db, id: number, lifetime: SessionLifetime): Promise<boolean> {
  const row = await db.db
    .selectFrom('push_subscription as p')
    .select('p.id')
    .where('p.id', '=', id)
    .where(hasLiveSession(Date.now(), lifetime))
    .executeTakeFirst()
  return row !== undefined
}

/** Each user's unread count over the notice types they may see now (the badge figure). */
async function unreadOf(db: Db, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(userIds.map((u) => [u, 0]))
  const rows = await db.db
    .selectFrom('notice_count')
    .select(['user_id', 'create_type', 'unread'])
    .where('user_id', 'in', userIds)
    .where('unread', '>', 0)
    .execute()
  for (const type of noticeTypes) {
    const of = rows.filter((r) => r.create_type === type)
    if (of.length === 0) continue
    const allowed = new Set(
      await stillAllowed(
        db.db,
        type,
        of.map((r) => r.user_id),
      ),
    )
    for (const r of of)
      if (allowed.has(r.user_id)) counts.set(r.user_id, (counts.get(r.user_id) ?? 0) + r.unread)
  }
  return counts
}

export function createPushSender(o: {
  db: Db
  config: PushConfig
  keys: VapidKeys
  basePath: string
  log: FastifyBaseLogger
  /** the sign-in lifetime a device's session is checked against */
  lifetime: SessionLifetime
}): PushSender {
  const { db, log } = o
  const events: NoticeEvent[] = []
  const sends: (() => Promise<void>)[] = []
  let running = 0
  let planning = false
  let closed = false
  let waiters: (() => void)[] = []

  const settleIfIdle = () => {
    if (events.length > 0 || sends.length > 0 || running > 0 || planning) return
    const w = waiters
    waiters = []
    for (const f of w) f()
  }

  /** Posts one encrypted message; 404/410 (gone) forgets the subscription. */
  async function send(target: Target, payload: string) {
    // the sign-in may have ended since the notice was planned (logout, ban, expiry)
    if (!(await stillLive(db, target.id, o.lifetime))) return
    const details = webPush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: {
          subject: o.config.subject,
          publicKey: o.keys.publicKey,
          privateKey: o.keys.privateKey,
        },
        contentEncoding: 'aes128gcm',
        TTL: 24 * 3600,
        urgency: 'high',
      },
    )
    const res = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(o.config.timeoutMs),
    })
    await res.body?.cancel().catch(() => undefined)
    if (res.status === 404 || res.status === 410) {
      await db.db.deleteFrom('push_subscription').where('id', '=', target.id).execute()
      log.info({ subscription: target.id, status: res.status }, 'push: subscription gone, removed')
    } else if (res.status < 200 || res.status >= 300) {
      log.warn(
        { subscription: target.id, status: res.status },
        'push: the push service refused a message',
      )
    }
  }

  function pump() {
    while (running < concurrency && sends.length > 0) {
      const job = sends.shift()!
      running++
      void job()
        .catch((err: unknown) => log.warn({ err }, 'push: could not send a message'))
        .finally(() => {
          running--
          pump()
        })
    }
    settleIfIdle()
  }

  /** Claims each device once for the notice (push_sent) and queues its message. */
  async function plan(event: NoticeEvent) {
    const n = event.notice
    // the devices first: without any (the common case) the notice costs one lookup, never the
    // audience again; then only users who may still see it (a ban or a lost screen since)
    const subscribed = await targetsOf(db, event.recipients, o.lifetime)
    if (subscribed.length === 0) return
    const allowed = new Set(
      await stillAllowed(db.db, n.createType as NoticeType, [
        ...new Set(subscribed.map((t) => t.userId)),
      ]),
    )
    const targets = subscribed.filter((t) => allowed.has(t.userId))
    if (targets.length === 0) return
    const unread = await unreadOf(db, [...new Set(targets.map((t) => t.userId))])
    for (const target of targets) {
      const claimed = await db.db
        .insertInto('push_sent')
        .values({ subscription_id: target.id, notice_id: n.id })
        .onConflict((oc) => oc.columns(['subscription_id', 'notice_id']).doNothing())
        .executeTakeFirst()
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) continue
      const lang: Lang = target.lang === 'en' ? 'en' : 'zh'
      const payload = JSON.stringify(
        pushPayload(n, lang, o.basePath, unread.get(target.userId) ?? 0),
      )
      sends.push(() => send(target, payload))
      pump()
    }
  }

  async function planAll() {
    if (planning) return
    planning = true
    try {
      for (let e = events.shift(); e; e = events.shift()) {
        await plan(e).catch((err: unknown) => log.warn({ err }, 'push: could not prepare a notice'))
      }
    } finally {
      planning = false
      settleIfIdle()
    }
  }

  return {
    enqueue(event) {
      if (closed) return
      if (events.length >= maxQueued) {
        log.warn('push: queue full, a notice is not pushed')
        return
      }
      events.push(event)
      void planAll()
    },
    idle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve)
        settleIfIdle()
      })
    },
    async close() {
      closed = true
      events.length = 0
      sends.length = 0
      await this.idle()
    },
  }
}
