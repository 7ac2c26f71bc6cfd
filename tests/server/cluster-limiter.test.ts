import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createLimiterStore,
  createMemoryLimiterStore,
  createPgLimiterStore,
  type LimiterStore,
} from '#server/modules/auth/limiter-store'
import { createLoginLimiter } from '#server/modules/auth/login-limiter'
import { createTestApp, postgresForTests, type TestApp } from './helpers/test-app.ts'

/*
 * The limiter store behind every rate limit: fixed windows, the same answers from the
 * in-process store (embedded database) and the PostgreSQL one (several instances), and
 * PostgreSQL's hits counted exactly under concurrent instances.
 */

let now = 1_000_000
const clock = () => now
let pgApp: TestApp

beforeAll(async () => {
  pgApp = await createTestApp({ SEED_DEMO: 'false' }, { pgBase: postgresForTests() })
})
afterAll(() => pgApp.close())

const stores: [string, () => LimiterStore][] = [
  ['memory', () => createMemoryLimiterStore(clock)],
  ['PostgreSQL', () => createPgLimiterStore(pgApp.db, clock)],
]

describe.each(stores)('%s limiter store', (name, make) => {
  it('counts hits in a window, ends the window, and forgets a reset key', async () => {
    const store = make()
    const key = `k-${name}`
    expect(await store.count(key)).toBe(0)
    expect(await store.hit(key, 1000)).toEqual({ count: 1, ttlMs: 1000 })
    now += 400
    expect(await store.hit(key, 1000)).toEqual({ count: 2, ttlMs: 600 })
    expect(await store.count(key)).toBe(2)
    now += 600
    expect(await store.count(key)).toBe(0)
    expect(await store.hit(key, 1000)).toEqual({ count: 1, ttlMs: 1000 })
    await store.reset(key)
    expect(await store.count(key)).toBe(0)
  })

  it('blocks sign-in after 10 failures per account and address, and 30 per address', async () => {
    const limiter = createLoginLimiter(make(), { perIp: 30, perAccount: 10, windowMs: 60_000 })
    for (let i = 0; i < 10; i++) {
      expect(await limiter.blocked('Admin', `10.0.0.1-${name}`)).toBe(false)
      await limiter.fail('admin', `10.0.0.1-${name}`)
    }
    expect(await limiter.blocked('ADMIN', `10.0.0.1-${name}`)).toBe(true)
    expect(await limiter.blocked('admin', `10.0.0.2-${name}`)).toBe(false)
    for (let i = 0; i < 20; i++) await limiter.fail(`user${i}`, `10.0.0.1-${name}`)
    expect(await limiter.blocked('someone-else', `10.0.0.1-${name}`)).toBe(true)
    await limiter.succeed('user0', `10.0.0.3-${name}`)
  })
})

describe('PostgreSQL limiter store under concurrency', () => {
  it('counts every hit of two "instances" hitting one key at once', async () => {
    const a = createPgLimiterStore(pgApp.db)
    const b = createPgLimiterStore(pgApp.db)
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).hit('concurrent', 60_000)),
    )
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 60 }, (_, i) => i + 1),
    )
    expect(await a.count('concurrent')).toBe(60)
  })
})

describe('PostgreSQL limiter store upkeep', () => {
  const rows = async (key: string) =>
    (await pgApp.db.db.selectFrom('rate_limit').select('key').where('key', '=', key).execute())
      .length
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

  it('drops ended windows at most once a minute, on the first hit after it', async () => {
    const store = createPgLimiterStore(pgApp.db, clock)
    now = 50_000_000
    await store.hit('upkeep-old', 1000) // the first hit prunes (none before)
    now += 30_000
    await store.hit('upkeep-x', 1000)
    await settle()
    // ended 29 s ago, but the last pruning was 30 s ago
    expect(await rows('upkeep-old')).toBe(1)
    now += 30_000
    await store.hit('upkeep-y', 1000) // a minute after the last pruning, to the millisecond
    await expect.poll(() => rows('upkeep-old')).toBe(0)
    expect(await rows('upkeep-x')).toBe(0)
    expect(await rows('upkeep-y')).toBe(1)
  })

  it('is the store of every instance on PostgreSQL: a hit on one is counted by another', async () => {
    const a = createLimiterStore(pgApp.db)
    const b = createLimiterStore(pgApp.db)
    await a.hit('shared-by-instances', 60_000)
    await a.hit('shared-by-instances', 60_000)
    expect(await b.count('shared-by-instances')).toBe(2)
  })
})
