/** Small deterministic helpers shared by the demo-content seed files. */

const day = 86_400_000

/**
 * Timestamps relative to the seeding moment. `at(daysAgo, hourUtc)` counts whole days back
 * from the start of today's UTC day, so any `daysAgo >= 1` is always before `now`.
 */
export function demoClock(now: Date) {
  const today = Math.floor(now.getTime() / day) * day
  return {
    now,
    at: (daysAgo: number, hourUtc = 1, minute = 0) =>
      new Date(today - daysAgo * day + hourUtc * 3_600_000 + minute * 60_000).toISOString(),
    /** Midnight UTC of a day; negative `daysAgo` lies in the future (planned dates). */
    date: (daysAgo: number) => new Date(today - daysAgo * day).toISOString(),
  }
}
export type DemoClock = ReturnType<typeof demoClock>

/** mulberry32: a tiny seeded PRNG, so every installation gets the same demo data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** Rounds to 3 decimals (money and unit prices). */
export const round3 = (v: number) => Math.round(v * 1000) / 1000

/** quantity * unitPrice rounded to 3 decimals, computed on integer thousandths. */
export const lineTotal = (quantity: number, unitPrice: number) =>
  Math.round(quantity * Math.round(unitPrice * 1000)) / 1000

/** Splits rows into batches small enough for SQLite's bound-variable limit. */
export function chunks<T>(rows: T[], size = 100): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size))
  return out
}

export const paragraphs = (list: string[]) => list.join('\n\n')

/** Formats an integer with thousands separators (1,200), the same in both languages. */
export const grouped = (n: number) => n.toLocaleString('en-US')
