import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  createMemoryLimiterStore,
  createPgLimiterStore,
  type MemoryLimiterStore,
} from '#server/modules/auth/limiter-store'
import { smsLimits } from '#server/modules/auth/sms-codes'
import { createTestApp, postgresForTests, testPasswords, type TestApp } from './helpers/test-app.ts'

/*
 * No flood of anonymous requests can wipe a live counter. The in-process store
 * (embedded database) is bounded and forgets ended windows first, then the least recently
 * used, and keeps lockout counters apart; SMS sends are refused per address before they
 * create per-number counters (both databases).
 */

describe('in-process limiter store', () => {
  let now = 1_000_000
  const clock = () => now

  it('keeps a live lockout counter while anonymous counters overflow their pool', async () => {
    const store = createMemoryLimiterStore(clock, { capacity: 10 })
    for (let i = 0; i < 10; i++) await store.hit('login:a:admin|203.0.113.1', 60_000)
    await store.hit('sms:fail:n:13800000000', 60_000)
    for (let i = 0; i < 1000; i++)
      await store.hit(`sms:send:n:139${String(i).padStart(8, '0')}`, 60_000)
    expect(await store.count('login:a:admin|203.0.113.1')).toBe(10)
    expect(await store.count('sms:fail:n:13800000000')).toBe(1)
    expect(store.size()[0]).toBe(2)
    expect(store.size()[1]).toBeLessThanOrEqual(10)
  })

  it('stays bounded without ever forgetting everything: the most recent counters survive', async () => {
    const store = createMemoryLimiterStore(clock, { capacity: 100 })
    for (let i = 0; i < 10_050; i++) await store.hit(`k${i}`, 60_000)
    expect(store.size()).toEqual([0, 100])
    for (let i = 9_960; i < 10_050; i++) expect(await store.count(`k${i}`)).toBe(1)
    expect(await store.count('k0')).toBe(0)
  })

  it('drops ended windows before live ones, then the least recently used (a look counts as a use)', async () => {
    const store = createMemoryLimiterStore(clock, { capacity: 3 })
    await store.hit('long-1', 60_000)
    await store.hit('long-2', 60_000)
    await store.hit('short', 100)
    now += 200
    await store.hit('new-1', 60_000)
    // 'short' ended: it goes, although it was used last
    expect([
      await store.count('long-1'),
      await store.count('long-2'),
      await store.count('new-1'),
    ]).toEqual([1, 1, 1])
    // all live now: the least recently used goes, and looking at long-1 made long-2 the oldest
    await store.count('long-1')
    await store.hit('new-2', 60_000)
    expect(await store.count('long-2')).toBe(0)
    expect([
      await store.count('long-1'),
      await store.count('new-1'),
      await store.count('new-2'),
    ]).toEqual([1, 1, 1])
  })
})

describe('PostgreSQL limiter store', () => {
  let pg: TestApp
  beforeAll(async () => {
    pg = await createTestApp({ SEED_DEMO: 'false' }, { pgBase: postgresForTests() })
  })
  afterAll(() => pg?.close())

  it('prunes ended windows and keeps live lockouts, so the table stays bounded', async () => {
    const at = Date.now()
    await pg.db.db
      .insertInto('rate_limit')
      .values([
        { key: 'sms:send:n:13900000001', hits: 1, reset_at: at - 1 },
        { key: 'sms:send:ip:198.51.100.1', hits: 20, reset_at: at - 1000 },
        { key: 'login:a:admin|203.0.113.1', hits: 10, reset_at: at + 60_000 },
      ])
      .execute()
    await createPgLimiterStore(pg.db).hit('sms:send:ip:198.51.100.2', 60_000)
    const keys = async () =>
      (await pg.db.db.selectFrom('rate_limit').select('key').orderBy('key').execute()).map(
        (r) => r.key,
      )
    await vi.waitFor(async () =>
      expect(await keys()).toEqual(['login:a:admin|203.0.113.1', 'sms:send:ip:198.51.100.2']),
    )
  })
})

describe('a flood of SendSmsCode with fresh numbers', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'false', RATE_LIMIT_MEMORY_KEYS: '50' })
  })
  afterAll(() => t.close())

  const send = (mobile: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/User/SendSmsCode',
      payload: { mobile, purpose: 'login' },
      remoteAddress: ip,
      headers: { lang: 'en' },
    })
  const signIn = (password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/User/Login',
      payload: { username: 'admin', password },
      remoteAddress: ip,
      headers: { lang: 'en' },
    })
  const phoneLogin = (code: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/User/PhoneLogin',
      payload: { mobile: '13800000009', code },
      remoteAddress: ip,
      headers: { lang: 'en' },
    })
  const fresh = (i: number) => `139${String(i).padStart(8, '0')}`

  it('leaves a locked-out account locked, and is refused per address before it creates per-number counters', async () => {
    const attacker = '203.0.113.7'
    await t.db.db
      .updateTable('users')
      .set({ mobile: '13800000009' })
      .where('login_name', '=', 'admin')
      .execute()
    for (let i = 0; i < 10; i++)
      expect((await signIn(`wrong-${i}`, attacker)).json()).toMatchObject({ code: 500 })
    for (let i = 0; i < smsLimits.failuresPerNumber; i++)
      expect((await phoneLogin('000000', attacker)).json()).toMatchObject({ code: 500 })
    expect((await signIn(testPasswords.admin, attacker)).statusCode).toBe(429)

    // one address: past its limit no per-number counter is made
    const flooder = '198.51.100.77'
    const statuses: number[] = []
    for (let i = 0; i < 200; i++) statuses.push((await send(fresh(i), flooder)).statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(smsLimits.sendPerAddressPerHour)
    expect(statuses.slice(smsLimits.sendPerAddressPerHour).every((s) => s === 429)).toBe(true)
    for (let i = smsLimits.sendPerAddressPerHour; i < 200; i++) {
      expect(await t.app.limits.count(`sms:send:n:${fresh(i)}`)).toBe(0)
      expect(await t.app.limits.count(`sms:send:wait:${fresh(i)}`)).toBe(0)
    }
    // many addresses: far more counters than the store keeps (50 per pool here)
    for (let i = 0; i < 300; i++)
      expect((await send(fresh(10_000 + i), `10.9.${i >> 8}.${i & 255}`)).statusCode).toBe(200)

    const locked = await signIn(testPasswords.admin, attacker)
    expect(locked.statusCode).toBe(429)
    expect(locked.json()).toMatchObject({
      msg: 'Too many failed sign-ins; try again in 15 minutes',
    })
    expect((await phoneLogin('000000', attacker)).json()).toMatchObject({
      msg: 'Too many wrong codes; try again in 15 minutes',
    })
    if (t.db.dialect === 'sqlite') {
      const [lockouts, others] = (t.app.limits as MemoryLimiterStore).size()
      expect(lockouts).toBeGreaterThan(0)
      expect(others).toBeLessThanOrEqual(50)
    } else {
      const rows = await t.db.db
        .selectFrom('rate_limit')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('key', 'like', 'sms:send:%')
        .executeTakeFirstOrThrow()
      // per address 1 + per sent number 2: 1 + 2 * 20 from the flooder, 3 from each other address
      expect(Number(rows.n)).toBe(1 + 2 * smsLimits.sendPerAddressPerHour + 3 * 300)
    }
  })
})
