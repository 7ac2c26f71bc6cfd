import { describe, expect, it } from 'vitest'
import type { Db } from '#server/db/open'
import {
  createLimiterStore,
  createMemoryLimiterStore,
  isLockoutKey,
} from '#server/modules/auth/limiter-store'
import { createLoginLimiter } from '#server/modules/auth/login-limiter'
import { rateLimitStore } from '#server/modules/auth/rate-limit-store'
import { allowSend, smsLimits } from '#server/modules/auth/sms-codes'
import { smsResendSeconds } from '#shared/contract/phone-auth'

/*
 * The edges of the limits (mutation survivors): the exact count at which each limit
 * starts refusing, the exact moment a window ends, and which counters a success clears. Direct
 * calls with a clock the test moves; no app.
 */

const minute = 60_000
const hour = 60 * minute

/** A store on a clock the test moves. */
function clocked(start = 1_000_000) {
  const clock = { now: start }
  const store = createMemoryLimiterStore(() => clock.now, { capacity: 1000 })
  return { clock, store }
}

describe('sign-in limiter', () => {
  const limits = { perIp: 4, perAccount: 2, windowMs: 10 * minute }

  it('blocks an account from an address at its limit, not one failure before', async () => {
    const { store } = clocked()
    const limiter = createLoginLimiter(store, limits)
    await limiter.fail('admin', '10.0.0.1')
    expect(await limiter.blocked('admin', '10.0.0.1')).toBe(false)
    await limiter.fail('admin', '10.0.0.1')
    expect(await limiter.blocked('admin', '10.0.0.1')).toBe(true)
    // the same account from another address, and another account from this one, still try
    expect(await limiter.blocked('admin', '10.0.0.2')).toBe(false)
    expect(await limiter.blocked('editor', '10.0.0.1')).toBe(false)
  })

  it('counts an account whatever the case of its name', async () => {
    const { store } = clocked()
    const limiter = createLoginLimiter(store, limits)
    await limiter.fail('Admin', '10.0.0.1')
    await limiter.fail('ADMIN', '10.0.0.1')
    expect(await limiter.blocked('admin', '10.0.0.1')).toBe(true)
    expect(await store.count('login:a:admin|10.0.0.1')).toBe(2)
  })

  it('blocks an address at its limit over many accounts, not one failure before', async () => {
    const { store } = clocked()
    const limiter = createLoginLimiter(store, limits)
    for (let i = 0; i < limits.perIp - 1; i++) await limiter.fail(`user${i}`, '10.0.0.1')
    expect(await limiter.blocked('fresh', '10.0.0.1')).toBe(false)
    await limiter.fail('user9', '10.0.0.1')
    expect(await limiter.blocked('fresh', '10.0.0.1')).toBe(true)
    expect(await limiter.blocked('fresh', '10.0.0.2')).toBe(false)
    expect(await store.count('login:ip:10.0.0.1')).toBe(limits.perIp)
  })

  it("a success clears the account's count from that address, not the address's", async () => {
    const { store } = clocked()
    const limiter = createLoginLimiter(store, limits)
    await limiter.fail('admin', '10.0.0.1')
    await limiter.fail('admin', '10.0.0.2')
    await limiter.succeed('ADMIN', '10.0.0.1')
    expect(await store.count('login:a:admin|10.0.0.1')).toBe(0)
    expect(await store.count('login:a:admin|10.0.0.2')).toBe(1)
    expect(await store.count('login:ip:10.0.0.1')).toBe(1)
  })

  it('forgets failures when the window ends', async () => {
    const { clock, store } = clocked()
    const limiter = createLoginLimiter(store, limits)
    await limiter.fail('admin', '10.0.0.1')
    await limiter.fail('admin', '10.0.0.1')
    clock.now += limits.windowMs - 1
    expect(await limiter.blocked('admin', '10.0.0.1')).toBe(true)
    clock.now += 1
    expect(await limiter.blocked('admin', '10.0.0.1')).toBe(false)
  })

  it('uses the documented limits by default: 10 per account and address, 30 per address, 15 minutes', async () => {
    const { clock, store } = clocked()
    const limiter = createLoginLimiter(store)
    for (let i = 0; i < 9; i++) await limiter.fail('admin', '10.0.0.1')
    expect(await limiter.blocked('admin', '10.0.0.1')).toBe(false)
    await limiter.fail('admin', '10.0.0.1')
    expect(await limiter.blocked('admin', '10.0.0.1')).toBe(true)
    for (let i = 0; i < 19; i++) await limiter.fail(`other${i}`, '10.0.0.1')
    expect(await limiter.blocked('fresh', '10.0.0.1')).toBe(false)
    await limiter.fail('last', '10.0.0.1')
    expect(await limiter.blocked('fresh', '10.0.0.1')).toBe(true)
    clock.now += 15 * minute - 1
    expect(await limiter.blocked('fresh', '10.0.0.1')).toBe(true)
    clock.now += 1
    expect(await limiter.blocked('fresh', '10.0.0.1')).toBe(false)
  })

  it('has an in-process store of its own when given none', async () => {
    const a = createLoginLimiter()
    const b = createLoginLimiter()
    for (let i = 0; i < 10; i++) await a.fail('admin', '10.0.0.1')
    expect(await a.blocked('admin', '10.0.0.1')).toBe(true)
    expect(await b.blocked('admin', '10.0.0.1')).toBe(false)
  })
})

describe('in-process limiter store windows', () => {
  it('answers the hits and the time left of the window, which ends exactly at its end', async () => {
    const { clock, store } = clocked()
    expect(await store.hit('k', 1000)).toEqual({ count: 1, ttlMs: 1000 })
    clock.now += 400
    expect(await store.hit('k', 1000)).toEqual({ count: 2, ttlMs: 600 })
    clock.now += 599
    expect(await store.count('k')).toBe(2)
    clock.now += 1
    expect(await store.count('k')).toBe(0)
    // a hit after the end starts a new window of its own length
    expect(await store.hit('k', 5000)).toEqual({ count: 1, ttlMs: 5000 })
  })

  it('a hit at the end of a window starts a new one', async () => {
    const { clock, store } = clocked()
    await store.hit('k', 1000)
    await store.hit('k', 1000)
    clock.now += 1000
    expect(await store.hit('k', 1000)).toEqual({ count: 1, ttlMs: 1000 })
  })

  it('forgets a key on reset, only that key', async () => {
    const { store } = clocked()
    await store.hit('login:a:x|1', 1000)
    await store.hit('login:a:y|1', 1000)
    await store.hit('route:a', 1000)
    await store.reset('login:a:x|1')
    await store.reset('route:a')
    expect(await store.count('login:a:x|1')).toBe(0)
    expect(await store.count('login:a:y|1')).toBe(1)
    expect(await store.count('route:a')).toBe(0)
    expect(store.size()).toEqual([1, 0])
  })

  it('keeps sign-in and wrong-code counters in the lockout pool, everything else in the other', async () => {
    expect(isLockoutKey('login:ip:1')).toBe(true)
    expect(isLockoutKey('sms:fail:n:1')).toBe(true)
    expect(isLockoutKey('sms:send:n:1')).toBe(false)
    expect(isLockoutKey('route:x')).toBe(false)
    expect(isLockoutKey('xlogin:')).toBe(false)
    const { store } = clocked()
    await store.hit('login:ip:1', 1000)
    await store.hit('sms:fail:ip:1', 1000)
    await store.hit('sms:send:ip:1', 1000)
    expect(store.size()).toEqual([2, 1])
  })

  it('sweeps ended windows at most once a second; in between the least recently used goes', async () => {
    const clock = { now: 0 }
    const store = createMemoryLimiterStore(() => clock.now, { capacity: 2 })
    await store.hit('live-1', hour)
    await store.hit('short-1', 100)
    clock.now = 200
    // full: the first sweep drops the ended window, the live one stays
    await store.hit('live-2', hour)
    expect(await store.count('live-1')).toBe(1)
    await store.hit('short-2', 10)
    // live-1 and live-2 were both live: the least recently used (live-2) made room
    expect(await store.count('live-2')).toBe(0)
    clock.now = 300
    // short-2 has ended, but the last sweep was 100 ms ago: the least recently used goes
    await store.hit('live-3', hour)
    expect(await store.count('live-1')).toBe(0)
    expect(store.size()).toEqual([0, 2])
    // short-2 makes room for short-4 (not yet due to sweep); live-3 is now the oldest
    await store.hit('short-4', 10)
    clock.now = 1200
    // a second after the last sweep: ended windows go first again, live-3 stays
    await store.hit('live-4', hour)
    expect(await store.count('live-3')).toBe(1)
    expect(await store.count('live-4')).toBe(1)
  })

  it('a sweep drops a window that ends at that very moment', async () => {
    const clock = { now: 0 }
    const store = createMemoryLimiterStore(() => clock.now, { capacity: 2 })
    await store.hit('live', hour)
    await store.hit('edge', 200)
    clock.now = 200
    await store.hit('new', hour)
    // the sweep made the room: the older live window stays
    expect(await store.count('live')).toBe(1)
    expect(await store.count('new')).toBe(1)
  })

  it('with no room at all keeps only the key just hit', async () => {
    const store = createMemoryLimiterStore(() => 0, { capacity: 0 })
    expect(await store.hit('a', hour)).toEqual({ count: 1, ttlMs: hour })
    expect(await store.hit('b', hour)).toEqual({ count: 1, ttlMs: hour })
    expect(await store.count('a')).toBe(0)
  })

  it('is the store of the embedded database, with the number of keys it is given', async () => {
    const store = createLimiterStore({ dialect: 'sqlite' } as Db, { memoryKeys: 2 })
    for (const k of ['a', 'b', 'c']) await store.hit(k, hour)
    expect((store as ReturnType<typeof createMemoryLimiterStore>).size()).toEqual([0, 2])
    const fallback = createLimiterStore({ dialect: 'sqlite' } as Db)
    for (let i = 0; i < 100_001; i++) await fallback.hit(`k${i}`, hour)
    expect((fallback as ReturnType<typeof createMemoryLimiterStore>).size()).toEqual([0, 100_000])
  })

  it('holds the default number of keys per pool', async () => {
    const store = createMemoryLimiterStore(() => 0)
    for (let i = 0; i < 100_001; i++) await store.hit(`k${i}`, hour)
    expect(store.size()).toEqual([0, 100_000])
    expect(await store.count('k0')).toBe(0)
    expect(await store.count('k1')).toBe(1)
  })
})

describe('rate-limit plugin store over the limiter store', () => {
  const incr = (s: { incr: (...a: never[]) => void }, key: string, window?: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      (s.incr as (k: string, d: (e: Error | null, r?: unknown) => void, w?: number) => void)(
        key,
        (e, r) => (e ? reject(e) : resolve(r as { current: number; ttl: number })),
        window,
      ),
    )

  it('counts each route apart with the window the route or the plugin gives', async () => {
    const { store } = clocked()
    const Store = rateLimitStore(store)
    const root = new Store(undefined, 30_000)
    expect(await incr(root, '1.2.3.4')).toEqual({ current: 1, ttl: 30_000 })
    expect(await store.count('route:1.2.3.4')).toBe(1)
    const a = root.child({ routeInfo: { method: 'POST', url: '/register' }, timeWindow: 5000 })
    const b = root.child({ routeInfo: { method: 'GET', url: '/register' } })
    expect(await incr(a, '1.2.3.4')).toEqual({ current: 1, ttl: 5000 })
    expect(await incr(a, '1.2.3.4')).toEqual({ current: 2, ttl: 5000 })
    expect(await incr(b, '1.2.3.4')).toEqual({ current: 1, ttl: 30_000 })
    expect(await incr(b, '1.2.3.4', 7000)).toEqual({ current: 2, ttl: 30_000 })
    expect(await store.count('route:POST/register:1.2.3.4')).toBe(2)
    expect(await store.count('route:GET/register:1.2.3.4')).toBe(2)
    const bare = new Store('custom:')
    expect(await incr(bare, 'x', 2000)).toEqual({ current: 1, ttl: 2000 })
    expect(await store.count('custom:x')).toBe(1)
    expect(await incr(new Store(), 'y')).toEqual({ current: 1, ttl: 60_000 })
    expect(await store.count('route:y')).toBe(1)
    const unnamed = new Store().child({})
    expect(await incr(unnamed, 'z')).toEqual({ current: 1, ttl: 60_000 })
    expect(await store.count('route::z')).toBe(1)
  })

  it('hands a failing store to the plugin as an error', async () => {
    const broken = {
      hit: () => Promise.reject(new Error('store down')),
      count: () => Promise.resolve(0),
      reset: () => Promise.resolve(),
    }
    const Store = rateLimitStore(broken)
    await expect(incr(new Store(), 'k')).rejects.toThrow('store down')
    const odd = { ...broken, hit: () => Promise.reject('plain text') }
    await expect(incr(new (rateLimitStore(odd))(), 'k')).rejects.toThrow(/^plain text$/)
  })
})

describe('phone code sends (allowSend)', () => {
  it('refuses a second code to a number within the resend wait, and takes it after', async () => {
    const { clock, store } = clocked()
    expect(await allowSend(store, '13800000001', '10.0.0.1')).toBe(true)
    clock.now += smsResendSeconds * 1000 - 1
    expect(await allowSend(store, '13800000001', '10.0.0.2')).toBe(false)
    clock.now += 1
    expect(await allowSend(store, '13800000001', '10.0.0.2')).toBe(true)
  })

  it('allows the hourly number of codes per number, not one more, until the hour ends', async () => {
    const { clock, store } = clocked()
    const start = clock.now
    for (let i = 0; i < smsLimits.sendPerNumberPerHour; i++) {
      expect(await allowSend(store, '13800000002', `10.0.1.${i}`), `send ${i + 1}`).toBe(true)
      clock.now += smsResendSeconds * 1000
    }
    expect(await allowSend(store, '13800000002', '10.0.1.99')).toBe(false)
    clock.now = start + hour
    expect(await allowSend(store, '13800000002', '10.0.1.99')).toBe(true)
  })

  it('allows the hourly number of codes per address, not one more, before counting the number', async () => {
    const { clock, store } = clocked()
    const start = clock.now
    for (let i = 0; i < smsLimits.sendPerAddressPerHour; i++)
      expect(await allowSend(store, `139000000${String(i).padStart(2, '0')}`, '10.0.2.1')).toBe(
        true,
      )
    expect(await allowSend(store, '13700000000', '10.0.2.1')).toBe(false)
    expect(await store.count('sms:send:n:13700000000')).toBe(0)
    expect(await store.count('sms:send:wait:13700000000')).toBe(0)
    // another address sends to that number at once
    expect(await allowSend(store, '13700000000', '10.0.2.2')).toBe(true)
    clock.now = start + hour
    expect(await allowSend(store, '13700000001', '10.0.2.1')).toBe(true)
  })
})
