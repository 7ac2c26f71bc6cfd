import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest } from '#server/db/migrate'
import { openSqlite, type Db } from '#server/db/open'
import { createMemoryLimiterStore } from '#server/modules/auth/limiter-store'
import {
  consumeSmsCode,
  hashSmsCode,
  newSmsCode,
  smsCodeTtlMinutes,
  smsLimits,
  storeSmsCode,
} from '#server/modules/auth/sms-codes'

/*
 * Phone codes against a migrated database (mutation survivors): the exact moment a
 * code expires, single use, which codes a new one replaces, and the exact count of wrong codes
 * that locks a number or an address. Direct calls on a clock the test sets; no app.
 */

let dataDir: string
let db: Db
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-sms-codes-'))
  db = await openSqlite(dataDir)
  await migrateToLatest(db.db, db.dialect)
})
afterAll(async () => {
  await db.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const t0 = Date.parse('2026-11-29T10:00:00.000Z')
const minute = 60_000
let nextMobile = 0
/** A fresh number per test, so one test's codes do not touch another's. */
const freshMobile = () => `1370000${String(nextMobile++).padStart(4, '0')}`

function setup() {
  const clock = { now: t0 }
  const limits = createMemoryLimiterStore(() => clock.now, { capacity: 1000 })
  const check = (
    mobile: string,
    code: string,
    o: { ip?: string; at?: number; purpose?: 'login' | 'register'; testCode?: string | null } = {},
  ) =>
    consumeSmsCode(
      db.db,
      limits,
      {
        mobile,
        code,
        purpose: o.purpose ?? 'login',
        ip: o.ip ?? '10.0.0.1',
        testCode: o.testCode ?? null,
      },
      o.at ?? clock.now,
    )
  return { clock, limits, check }
}

describe('phone codes in the database', () => {
  it('works until the moment it expires, not at that moment', async () => {
    const { check } = setup()
    const mobile = freshMobile()
    await storeSmsCode(db.db, mobile, 'login', '123456', t0)
    const end = t0 + smsCodeTtlMinutes * minute
    expect(smsCodeTtlMinutes).toBe(5)
    expect(await check(mobile, '123456', { at: end })).toBe('wrong')
    expect(await check(mobile, '123456', { at: end - 1 })).toBe('ok')
  })

  it('is stored hashed with its times, and works once', async () => {
    const { check } = setup()
    const mobile = freshMobile()
    await storeSmsCode(db.db, mobile, 'login', '654321', t0)
    const rows = await db.db
      .selectFrom('sms_code')
      .selectAll()
      .where('mobile', '=', mobile)
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      purpose: 'login',
      used_at: null,
      created_at: new Date(t0).toISOString(),
      expires_at: new Date(t0 + 5 * minute).toISOString(),
    })
    expect(rows[0]!.code_hash).not.toContain('654321')
    expect(await check(mobile, '654321', { at: t0 + 1000 })).toBe('ok')
    const used = await db.db
      .selectFrom('sms_code')
      .select('used_at')
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow()
    expect(used.used_at).toBe(new Date(t0 + 1000).toISOString())
    expect(await check(mobile, '654321', { at: t0 + 2000 })).toBe('wrong')
  })

  it('a new code replaces the earlier one of its purpose only, and clears expired codes of any number', async () => {
    const { check } = setup()
    const mobile = freshMobile()
    const other = freshMobile()
    await storeSmsCode(db.db, other, 'login', '999999', t0 - 10 * minute)
    await storeSmsCode(db.db, mobile, 'register', '111111', t0)
    await storeSmsCode(db.db, mobile, 'login', '222222', t0)
    await storeSmsCode(db.db, mobile, 'login', '333333', t0 + minute)
    const left = await db.db
      .selectFrom('sms_code')
      .select(['mobile', 'purpose'])
      .where('mobile', 'in', [mobile, other])
      .orderBy('id')
      .execute()
    expect(left).toEqual([
      { mobile, purpose: 'register' },
      { mobile, purpose: 'login' },
    ])
    expect(await check(mobile, '222222', { at: t0 + 2 * minute })).toBe('wrong')
    expect(await check(mobile, '333333', { at: t0 + 2 * minute })).toBe('ok')
    expect(await check(mobile, '333333', { at: t0 + 2 * minute, purpose: 'register' })).toBe(
      'wrong',
    )
    expect(await check(mobile, '111111', { at: t0 + 2 * minute, purpose: 'register' })).toBe('ok')
  })

  it('keeps a code that expires at the moment another is stored until it is past', async () => {
    const mobile = freshMobile()
    const other = freshMobile()
    await storeSmsCode(db.db, other, 'login', '444444', t0 - 5 * minute)
    await storeSmsCode(db.db, mobile, 'login', '555555', t0)
    const kept = await db.db
      .selectFrom('sms_code')
      .select('id')
      .where('mobile', '=', other)
      .execute()
    expect(kept).toHaveLength(1)
  })

  it('locks a number at the fifth wrong code, not the fourth; a right code before clears its count', async () => {
    const { check, limits } = setup()
    const mobile = freshMobile()
    await storeSmsCode(db.db, mobile, 'login', '777777', t0)
    for (let i = 0; i < smsLimits.failuresPerNumber - 1; i++)
      expect(await check(mobile, '000000', { ip: `10.1.0.${i}` })).toBe('wrong')
    expect(await limits.count(`sms:fail:n:${mobile}`)).toBe(4)
    expect(await check(mobile, '777777', { ip: '10.1.1.1' })).toBe('ok')
    expect(await limits.count(`sms:fail:n:${mobile}`)).toBe(0)
    // the addresses keep their counts
    expect(await limits.count('sms:fail:ip:10.1.0.0')).toBe(1)
    await storeSmsCode(db.db, mobile, 'login', '888888', t0)
    for (let i = 0; i < smsLimits.failuresPerNumber; i++)
      expect(await check(mobile, '000000', { ip: `10.1.2.${i}` })).toBe('wrong')
    expect(await check(mobile, '888888', { ip: '10.1.3.1' })).toBe('locked')
    // a locked check changes nothing: the code stays unused
    const row = await db.db
      .selectFrom('sms_code')
      .select('used_at')
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow()
    expect(row.used_at).toBeNull()
  })

  it('locks an address at its limit of wrong codes across numbers, not one before, for a window', async () => {
    const { check, clock } = setup()
    const ip = '10.2.0.1'
    for (let i = 0; i < smsLimits.failuresPerAddress - 1; i++)
      expect(await check(freshMobile(), '000000', { ip })).toBe('wrong')
    const mobile = freshMobile()
    await storeSmsCode(db.db, mobile, 'login', '121212', t0)
    expect(await check(freshMobile(), '000000', { ip })).toBe('wrong')
    expect(await check(mobile, '121212', { ip })).toBe('locked')
    expect(await check(mobile, '121212', { ip: '10.2.0.2' })).toBe('ok')
    await storeSmsCode(db.db, mobile, 'login', '131313', t0)
    clock.now = t0 + smsLimits.failureWindowMs - 1
    expect(await check(mobile, '131313', { ip, at: t0 })).toBe('locked')
    clock.now = t0 + smsLimits.failureWindowMs
    expect(await check(mobile, '131313', { ip, at: t0 })).toBe('ok')
  })

  it('takes the fixed test code only when one is set, and never past the lock', async () => {
    const { check } = setup()
    const mobile = freshMobile()
    expect(await check(mobile, '246810', { testCode: '246810' })).toBe('ok')
    expect(await check(mobile, '246810', { testCode: '135790' })).toBe('wrong')
    expect(await check(mobile, '246810')).toBe('wrong')
    for (let i = 0; i < smsLimits.failuresPerNumber - 1; i++) await check(mobile, '000000')
    expect(await check(mobile, '246810', { testCode: '246810' })).toBe('locked')
  })

  it('two checks of one code at the same moment: only one of them uses it', async () => {
    const { check } = setup()
    const mobile = freshMobile()
    await storeSmsCode(db.db, mobile, 'login', '565656', t0)
    const results = await Promise.all([
      check(mobile, '565656', { ip: '10.3.0.1' }),
      check(mobile, '565656', { ip: '10.3.0.2' }),
    ])
    expect(results.sort()).toEqual(['ok', 'wrong'])
  })

  it('makes six-digit codes and salted hashes', () => {
    for (let i = 0; i < 50; i++) expect(newSmsCode()).toMatch(/^\d{6}$/)
    const a = hashSmsCode('123456')
    const b = hashSmsCode('123456')
    expect(a).toMatch(/^[\w-]{16}\$[\w-]{43}$/)
    expect(b).not.toBe(a)
  })
})
