import { constants, publicEncrypt } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '#server/db/open'
import { mobileIndexName } from '#server/db/migrations/0016-unique-mobile'
import { isMobileTaken, mobileHolder } from '#server/modules/auth/mobile-holder'
import { loadRsaKeys } from '#server/modules/auth/rsa-keys'
import { createTestApp, registerWithCode, type TestApp } from './helpers/test-app.ts'
import { testTrigger } from './helpers/test-trigger.ts'

/*
 * Sign-up, the holder of a mobile number and the RSA key pair of the embedded database (issue
 * 37, mutation survivors): the account a sign-up creates, what it logs, and which errors mean
 * "this number is taken".
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
})
afterAll(() => t.close())

type Body = { code: number; msg: string; data: null }
const body = (r: { json: () => unknown }) => r.json() as Body

describe('sign-up', () => {
  it('creates a role-less, unbanned account with only the given fields, and logs it', async () => {
    const before = Date.now()
    const res = await registerWithCode(t, {
      username: 'signup-1',
      password: 'signup-pass-1',
      mobile: '13700000201',
      realName: '张三',
    })
    expect(body(res)).toEqual({ code: 200, msg: '注册成功，请等待管理员分配角色', data: null })
    const row = await t.db.db
      .selectFrom('users')
      .selectAll()
      .where('login_name', '=', 'signup-1')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      login_name: 'signup-1',
      real_name: '张三',
      nick_name: 'signup-1',
      mobile: '13700000201',
      email: '',
      role: '',
      department_id: null,
      ban: 0,
      avatar: '',
      must_change_password: 0,
    })
    expect(row.password_hash).toMatch(/^scrypt\$/)
    expect(Date.parse(row.created_at)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(row.created_at)).toBeLessThanOrEqual(Date.now() + 1000)
    const log = await t.db.db
      .selectFrom('system_log')
      .select(['operation', 'log_type', 'result'])
      .where('account', '=', 'signup-1')
      .execute()
    expect(log).toEqual([{ operation: 'register', log_type: 'database', result: 'success' }])
  })

  it('logs a taken name as such, and leaves that account as it was', async () => {
    await registerWithCode(t, {
      username: 'signup-2',
      password: 'signup-pass-2',
      mobile: '13700000202',
    })
    const first = await t.db.db
      .selectFrom('users')
      .selectAll()
      .where('login_name', '=', 'signup-2')
      .executeTakeFirstOrThrow()
    const again = await registerWithCode(
      t,
      { username: 'signup-2', password: 'other-pass-22', mobile: '13700000203' },
      '/api/register',
    )
    expect(body(again).code).toBe(200)
    expect(
      await t.db.db
        .selectFrom('users')
        .selectAll()
        .where('login_name', '=', 'signup-2')
        .executeTakeFirstOrThrow(),
    ).toEqual(first)
    const log = await t.db.db
      .selectFrom('system_log')
      .select('result')
      .where('account', '=', 'signup-2')
      .where('operation', '=', 'register')
      .orderBy('id')
      .execute()
    expect(log.map((r) => r.result)).toEqual(['success', 'name taken'])
  })
})

describe('two sign-ups racing for one number', () => {
  it('the one whose check passed but whose write came second is told the number is taken', async () => {
    // another sign-up's account with this number is written between this one's check and write
    const columns =
      'login_name, real_name, nick_name, mobile, email, role, ban, avatar, password_hash, must_change_password, created_at'
    const values = `'racer-first', new.real_name, new.nick_name, new.mobile, new.email, new.role, new.ban, new.avatar, new.password_hash, new.must_change_password, new.created_at`
    const drop = await testTrigger(
      t.db,
      'sign_up_race',
      'users',
      `create trigger sign_up_race before insert on users when new.login_name = 'racer' begin insert into users (${columns}) values (${values}); end`,
      {
        when: 'before insert on users',
        condition: "new.login_name = 'racer'",
        body: `insert into users (${columns}) values (${values}); return new;`,
      },
    )
    try {
      const res = await registerWithCode(t, {
        username: 'racer',
        password: 'racer-pass-1',
        mobile: '13700000209',
      })
      expect(body(res)).toEqual({
        code: 500,
        msg: '该手机号已注册，请用手机验证码登录',
        data: null,
      })
      const holders = await t.db.db
        .selectFrom('users')
        .select('login_name')
        .where('mobile', '=', '13700000209')
        .execute()
      // no account for the loser (the trigger's own row goes with the refused statement)
      expect(holders).toEqual([])
    } finally {
      await drop()
    }
  })
})

describe('sign-up options', () => {
  it('tell the sign-in page that sign-up is open', async () => {
    const res = await t.app.inject('/api/User/SignUpOptions')
    expect(res.json()).toMatchObject({
      code: 200,
      msg: 'ok',
      data: { registration: true, phone: true },
    })
  })
})

describe('sign-up codes', () => {
  it('locks a number after repeated wrong codes, even for the right one', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/User/SendSmsCode',
      payload: { mobile: '13700000250', purpose: 'register' },
      remoteAddress: '198.20.1.1',
    })
    expect(sent.statusCode).toBe(200)
    const code = t.sms.lastCode('13700000250')!
    const wrong = code === '000000' ? '000001' : '000000'
    const attempt = (c: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          username: 'locked-1',
          password: 'locked-pass-1',
          mobile: '13700000250',
          code: c,
        },
        remoteAddress: `198.20.1.${i + 2}`,
        headers: { lang: 'en' },
      })
    for (let i = 0; i < 5; i++)
      expect(body(await attempt(wrong, i))).toMatchObject({
        code: 500,
        msg: 'Verification code wrong',
      })
    const locked = await attempt(code, 9)
    expect(locked.statusCode).toBe(429)
    expect(body(locked).msg).toBe('Too many wrong codes; try again in 15 minutes')
    expect(
      await t.db.db.selectFrom('users').select('id').where('login_name', '=', 'locked-1').execute(),
    ).toEqual([])
  })
})

describe('sign-ups per address', () => {
  it('allows ten an hour from one address over both paths together, not eleven', async () => {
    const attempt = (i: number, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: i % 2 ? '/register' : '/api/register',
        payload: {
          username: `flood-${i}`,
          password: 'flood-pass-1',
          mobile: `1370000030${i % 10}`,
          code: '000000',
        },
        remoteAddress: ip,
        headers: { lang: 'en' },
      })
    for (let i = 0; i < 10; i++)
      expect((await attempt(i, '198.20.0.1')).statusCode, `attempt ${i + 1}`).toBe(200)
    expect((await attempt(10, '198.20.0.1')).statusCode).toBe(429)
    expect((await attempt(11, '198.20.0.2')).statusCode).toBe(200)
  })
})

describe('the holder of a mobile number', () => {
  it('is the account with it, other than the one named', async () => {
    const holder = await mobileHolder(t.db.db, '13700000201')
    expect(holder).toMatchObject({ login_name: 'signup-1' })
    expect(await mobileHolder(t.db.db, '13700000201', holder!.id)).toBeUndefined()
    expect(await mobileHolder(t.db.db, '13700000201', holder!.id + 1000)).toMatchObject({
      login_name: 'signup-1',
    })
    expect(await mobileHolder(t.db.db, '13799999999')).toBeUndefined()
  })

  it("is named by the unique mobile index's error on either database, and only by it", () => {
    expect(isMobileTaken({ code: '23505', constraint: mobileIndexName })).toBe(true)
    expect(isMobileTaken({ code: '23505', constraint: 'users_login_name_key' })).toBe(false)
    // PostgreSQL never names users.mobile in the message of another constraint's error
    expect(
      isMobileTaken({
        code: '23505',
        constraint: 'x',
        message: 'UNIQUE constraint failed: users.mobile',
      }),
    ).toBe(false)
    const sqlite = (message: unknown) => ({ code: 'SQLITE_CONSTRAINT_UNIQUE', message })
    expect(isMobileTaken(sqlite('UNIQUE constraint failed: users.mobile'))).toBe(true)
    expect(isMobileTaken(sqlite('UNIQUE constraint failed: users.login_name'))).toBe(false)
    expect(isMobileTaken(sqlite(undefined))).toBe(false)
    expect(isMobileTaken({ code: 'SQLITE_CONSTRAINT_CHECK', message: 'users.mobile' })).toBe(false)
    expect(isMobileTaken(null)).toBe(false)
    expect(isMobileTaken(undefined)).toBe(false)
    expect(isMobileTaken(new Error('users.mobile'))).toBe(false)
  })
})

describe('RSA key pair of the embedded database', () => {
  const sqliteDb = { dialect: 'sqlite' } as Db

  it('is made at first start with a private key only its owner reads, and kept after', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-rsa-'))
    try {
      const a = await loadRsaKeys(sqliteDb, dir)
      expect(a.publicKeyPem).toContain('BEGIN PUBLIC KEY')
      const priv = path.join(dir, 'rsa-private.pem')
      expect(fs.readFileSync(priv, 'utf8')).toContain('BEGIN RSA PRIVATE KEY')
      expect(fs.statSync(priv).mode & 0o777).toBe(0o600)
      expect(fs.readFileSync(path.join(dir, 'rsa-public.pem'), 'utf8')).toBe(a.publicKeyPem)
      const b = await loadRsaKeys(sqliteDb, dir)
      expect(b.publicKeyPem).toBe(a.publicKeyPem)
      // a pair with one half missing is made anew
      fs.rmSync(path.join(dir, 'rsa-public.pem'))
      const c = await loadRsaKeys(sqliteDb, dir)
      expect(c.publicKeyPem).not.toBe(a.publicKeyPem)
      fs.rmSync(priv)
      const d = await loadRsaKeys(sqliteDb, dir)
      expect(d.publicKeyPem).not.toBe(c.publicKeyPem)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('decrypts at most the blocks of a sign-in unless told more', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-rsa-'))
    try {
      const keys = await loadRsaKeys(sqliteDb, dir)
      const block = Buffer.alloc(128, 0x5a)
      block[0] = 0
      block[1] = 2
      block[120] = 0
      block.write('abcdefg', 121)
      const cipher = publicEncrypt(
        { key: keys.publicKeyPem, padding: constants.RSA_NO_PADDING },
        block,
      )
      const four = Buffer.concat([cipher, cipher, cipher, cipher]).toString('base64')
      expect(() => keys.decrypt(four)).toThrow('bad length')
      expect(keys.decrypt(four, 4)).toBe('abcdefg'.repeat(4))
      expect(keys.decrypt(Buffer.concat([cipher, cipher, cipher]).toString('base64'))).toBe(
        'abcdefg'.repeat(3),
      )
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
