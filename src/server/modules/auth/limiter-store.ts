import { sql } from 'kysely'
import type { Db } from '../../db/open.ts'

/**
 * Fixed-window hit counters behind every rate limit (sign-in, register, WeChat bind, visitor
 * and supplier forms, phone codes). The embedded database keeps them in this process (one
 * process owns DATA_DIR); PostgreSQL keeps them in `rate_limit`, so N instances behind a
 * balancer count as one.
 */
export type LimiterStore = {
  /** Adds one hit to `key`; answers the hits in the current window and the ms until it ends. */
  hit: (key: string, windowMs: number) => Promise<{ count: number; ttlMs: number }>
  /** The hits of `key` in its current window (0 when none). */
  count: (key: string) => Promise<number>
  /** Forgets `key`. */
  reset: (key: string) => Promise<void>
}

/** Keys each pool of the in-process store holds at most (RATE_LIMIT_MEMORY_KEYS). */
export const defaultMemoryKeys = 100_000

/**
 * Lockout counters (failed sign-ins, password checks, wrong phone codes) live in their own
 * pool: the counters anonymous requests create (codes sent, forms, routes) cannot push them out.
 */
export const isLockoutKey = (key: string) => key.startsWith('login:') || key.startsWith('sms:fail:')

type Window = { hits: number; resetAt: number }

/**
 * One bounded pool: a Map in least-recently-used order (a hit moves its key to the end). A
 * full pool first drops ended windows (swept at most once a second, so a flood of new keys
 * costs no full scan per key), then the least recently used live ones. It never forgets
 * everything at once.
 */
function boundedPool(capacity: number, now: () => number) {
  const windows = new Map<string, Window>()
  let lastSweep = -Infinity
  const makeRoom = () => {
    const at = now()
    if (at - lastSweep >= 1000) {
      lastSweep = at
      for (const [k, v] of windows) if (v.resetAt <= at) windows.delete(k)
    }
    while (windows.size >= capacity) {
      const oldest = windows.keys().next()
      if (oldest.done) break
      windows.delete(oldest.value)
    }
  }
  return {
    windows,
    live(key: string) {
      const w = windows.get(key)
      if (w && w.resetAt <= now()) {
        windows.delete(key)
        return undefined
      }
      return w
    },
    touch(key: string, w: Window) {
      windows.delete(key)
      if (windows.size >= capacity) makeRoom()
      windows.set(key, w)
    },
  }
}

export type MemoryLimiterStore = LimiterStore & {
  /** keys held now: `[lockout pool, other pool]` (tests, bench) */
  size: () => [number, number]
}

/** Counters in this process (embedded database, tests): two bounded pools, see `isLockoutKey`. */
export function createMemoryLimiterStore(
  now: () => number = Date.now,
  { capacity = defaultMemoryKeys }: { capacity?: number } = {},
): MemoryLimiterStore {
  const lockouts = boundedPool(capacity, now)
  const others = boundedPool(capacity, now)
  const poolOf = (key: string) => (isLockoutKey(key) ? lockouts : others)
  return {
    async hit(key, windowMs) {
      const pool = poolOf(key)
      const w = pool.live(key) ?? { hits: 0, resetAt: now() + windowMs }
      w.hits++
      pool.touch(key, w)
      return { count: w.hits, ttlMs: w.resetAt - now() }
    },
    /** a look counts as a use: a lockout someone keeps running into stays the most recent */
    async count(key) {
      const pool = poolOf(key)
      const w = pool.live(key)
      if (!w) return 0
      pool.touch(key, w)
      return w.hits
    },
    async reset(key) {
      poolOf(key).windows.delete(key)
    },
    size: () => [lockouts.windows.size, others.windows.size],
  }
}

const pruneEveryMs = 60_000

/**
 * Counters in PostgreSQL: one upsert per hit, atomic under concurrent instances (the row
 * lock of ON CONFLICT DO UPDATE serialises them). Nothing is ever dropped while its window
 * lasts, so no flood can wipe a lockout; the table stays bounded because every key creator
 * is limited per address first (sms-codes.ts, login-limiter.ts) and ended windows are
 * pruned (through the `reset_at` index) at most once a minute per instance.
 */
export function createPgLimiterStore(db: Db, now: () => number = Date.now): LimiterStore {
  let lastPrune = 0
  const prune = (at: number) => {
    if (at - lastPrune < pruneEveryMs) return
    lastPrune = at
    void db.db
      .deleteFrom('rate_limit')
      .where('reset_at', '<=', at)
      .execute()
      .catch(() => {})
  }
  return {
    async hit(key, windowMs) {
      const at = now()
      prune(at)
      const row = await sql<{ hits: number; reset_at: number }>`
        insert into rate_limit (key, hits, reset_at) values (${key}, 1, ${at + windowMs})
        on conflict (key) do update set
          hits = case when rate_limit.reset_at <= ${at} then 1 else rate_limit.hits + 1 end,
          reset_at = case when rate_limit.reset_at <= ${at} then excluded.reset_at else rate_limit.reset_at end
        returning hits, reset_at`.execute(db.db)
      const r = row.rows[0]!
      return { count: Number(r.hits), ttlMs: Number(r.reset_at) - at }
    },
    async count(key) {
      const row = await db.db
        .selectFrom('rate_limit')
        .select('hits')
        .where('key', '=', key)
        .where('reset_at', '>', now())
        .executeTakeFirst()
      return row?.hits ?? 0
    },
    async reset(key) {
      await db.db.deleteFrom('rate_limit').where('key', '=', key).execute()
    },
  }
}

/** The store for this database: shared in PostgreSQL, in this process with SQLite. */
export function createLimiterStore(
  db: Db,
  { memoryKeys = defaultMemoryKeys }: { memoryKeys?: number } = {},
): LimiterStore {
  return db.dialect === 'postgres'
    ? createPgLimiterStore(db)
    : createMemoryLimiterStore(Date.now, { capacity: memoryKeys })
}
