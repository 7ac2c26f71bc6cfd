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

const maxMemoryKeys = 100_000

/** Counters in this process (embedded database, tests). */
export function createMemoryLimiterStore(now: () => number = Date.now): LimiterStore {
  const windows = new Map<string, { hits: number; resetAt: number }>()
  const live = (key: string) => {
    const w = windows.get(key)
    if (w && w.resetAt <= now()) {
      windows.delete(key)
      return undefined
    }
    return w
  }
  return {
    async hit(key, windowMs) {
      let w = live(key)
      if (!w) {
        if (windows.size >= maxMemoryKeys) {
          for (const [k, v] of windows) if (v.resetAt <= now()) windows.delete(k)
          if (windows.size >= maxMemoryKeys) windows.clear()
        }
        w = { hits: 0, resetAt: now() + windowMs }
        windows.set(key, w)
      }
      w.hits++
      return { count: w.hits, ttlMs: w.resetAt - now() }
    },
    async count(key) {
      return live(key)?.hits ?? 0
    },
    async reset(key) {
      windows.delete(key)
    },
  }
}

const pruneEveryMs = 10 * 60_000

/**
 * Counters in PostgreSQL: one upsert per hit, atomic under concurrent instances (the row
 * lock of ON CONFLICT DO UPDATE serialises them). Ended windows are pruned now and then.
 */
export function createPgLimiterStore(db: Db, now: () => number = Date.now): LimiterStore {
  let lastPrune = 0
  const prune = (at: number) => {
    if (at - lastPrune < pruneEveryMs) return
    lastPrune = at
    void db.db.deleteFrom('rate_limit').where('reset_at', '<=', at).execute().catch(() => {})
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
export function createLimiterStore(db: Db): LimiterStore {
  return db.dialect === 'postgres' ? createPgLimiterStore(db) : createMemoryLimiterStore()
}
