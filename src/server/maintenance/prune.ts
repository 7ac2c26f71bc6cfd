import type { Kysely } from 'kysely'
import type { Config } from '../config.ts'
import type { Database } from '../db/schema.ts'
import { idempotencyPrefix } from '../idempotency.ts'
import { pruneReadNotices } from '../modules/notices/prune-notices.ts'
import { pruneEndedSubscriptions } from '../modules/push/live-subscriptions.ts'

const day = 86_400_000

export type PruneCounts = {
  logs: number
  notices: number
  sessions: number
  idempotency: number
  wechatTickets: number
  history: number
}

const iso = (ms: number) => new Date(ms).toISOString()
const n = (r: { numDeletedRows: bigint } | undefined) => Number(r?.numDeletedRows ?? 0)

/**
 * Deletes what has outlived its retention (config.retention, docs/security.md "Retention"):
 * - system_log rows older than LOG_RETENTION_DAYS;
 * - notices read more than NOTICE_RETENTION_DAYS ago (each reader's copy; unread ones stay);
 * - sessions (refresh-token rows) that ended - expired, revoked, or their family past its
 *   absolute lifetime - more than SESSION_RETENTION_DAYS ago;
 * - idempotency results (app_meta `idem:` rows) older than IDEMPOTENCY_RETENTION_DAYS;
 * - WeChat sign-in tickets past their expiry;
 * - record history rows older than HISTORY_RETENTION_DAYS (the `at` index, migration 0022).
 * Works the same on SQLite and PostgreSQL (timestamps are ISO text, which sorts by time).
 */
export async function pruneOnce(
  db: Kysely<Database>,
  config: Pick<Config, 'retention' | 'sessionMaxAgeSeconds'>,
  now = Date.now(),
): Promise<PruneCounts> {
  const r = config.retention
  const logs = await db
    .deleteFrom('system_log')
    .where('created_at', '<', iso(now - r.logDays * day))
    .executeTakeFirst()
  const notices = await pruneReadNotices(db, iso(now - r.noticeDays * day))
  const ended = iso(now - r.sessionDays * day)
  const familyEnded = iso(now - r.sessionDays * day - config.sessionMaxAgeSeconds * 1000)
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('refresh_expires_at', '<', ended),
        eb('revoked_at', '<', ended),
        eb('family_started_at', '<', familyEnded),
      ]),
    )
    .executeTakeFirst()
  // push subscriptions of sign-ins that expired (revoked and deleted sessions took theirs already)
  await pruneEndedSubscriptions(db, config, now)
  // the value starts with the ISO time of the claim (idempotency.ts)
  const idempotency = await db
    .deleteFrom('app_meta')
    .where('key', 'like', `${idempotencyPrefix}%`)
    .where('value', '<', iso(now - r.idempotencyDays * day))
    .executeTakeFirst()
  const tickets = await db
    .deleteFrom('wechat_ticket')
    .where('expires_at', '<', iso(now))
    .executeTakeFirst()
  const history = await db
    .deleteFrom('record_history')
    .where('at', '<', iso(now - r.historyDays * day))
    .executeTakeFirst()
  return {
    logs: n(logs),
    notices,
    sessions: n(sessions),
    idempotency: n(idempotency),
    wechatTickets: n(tickets),
    history: n(history),
  }
}

type Log = { info: (o: object, msg: string) => void; warn: (o: object, msg: string) => void }

/**
 * Prunes once at start, then every PRUNE_INTERVAL_MINUTES. The timer is unref'd (it never
 * keeps the process alive); a failed run is logged and retried at the next tick.
 * Returns a stop function that waits for a run in progress.
 */
export function startPruning(
  db: Kysely<Database>,
  config: Pick<Config, 'retention' | 'sessionMaxAgeSeconds'>,
  log: Log,
) {
  let running: Promise<void> = Promise.resolve()
  let stopped = false
  const run = () => {
    if (stopped) return running
    running = running.then(async () => {
      try {
        const counts = await pruneOnce(db, config)
        if (Object.values(counts).some((c) => c > 0))
          log.info({ pruned: counts }, 'pruned old rows')
      } catch (err) {
        log.warn({ err }, 'pruning failed; retried at the next interval')
      }
    })
    return running
  }
  void run()
  const timer = setInterval(() => void run(), config.retention.pruneIntervalMinutes * 60_000)
  timer.unref()
  return {
    /** runs a prune now (tests, operators) */
    run,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
