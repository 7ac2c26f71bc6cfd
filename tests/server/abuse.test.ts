import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, registerWithCode, testPasswords, type TestApp } from './helpers/test-app.ts'

/**
 * Abuse suite: floods of the public writes and sign-in calls from one address get 429
 * and store nothing more, while other addresses and other users' requests are still served.
 * Bounded: each flood sends at most its limit plus a few requests, in parallel batches of 10.
 * Speed under a flood is measured by `npm run bench:abuse`, not asserted here.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ WECHAT_STANDIN: 'true', SMS_TEST_CODE: '246810' })
})
afterAll(() => t.close())

/** A distinct mobile number per address and attempt (one account per number). */
const floodMobile = (ip: string, i: number) =>
  `13${String((Number(ip.split('.').at(-1)) * 1000 + i) % 1e9).padStart(9, '0')}`

type Shot = (i: number, ip: string) => Promise<{ statusCode: number; body: string }>
const post = (url: string, payload: unknown, ip: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: ip,
    headers: { 'accept-language': 'en' },
  })

const floods: { name: string; limit: number; shot: Shot; stored?: () => Promise<number> }[] = [
  {
    name: 'sign-in with made-up accounts',
    limit: 30,
    shot: (i, ip) =>
      post('/api/User/Login', { username: `nobody-${i}`, password: 'not-the-password' }, ip),
  },
  {
    name: 'sign-in guesses at one account',
    limit: 10,
    shot: (i, ip) => post('/api/User/Login', { username: 'staff', password: `guess-${i}-x` }, ip),
  },
  {
    name: 'WeChat bind',
    limit: 10,
    shot: (i, ip) =>
      post(
        '/api/User/WxBind',
        { ticket: `made-up-${i}`, username: 'editor', password: `guess-${i}-x` },
        ip,
      ),
  },
  {
    name: 'register',
    limit: 10,
    shot: (i, ip) =>
      post(
        '/register',
        {
          username: `flood_${ip.replaceAll('.', '_')}_${i}`,
          password: 'flood-pass-123',
          realName: 'x',
          mobile: floodMobile(ip, i),
          code: '246810',
        },
        ip,
      ),
    stored: async () =>
      Number(
        (
          await t.db.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('login_name', 'like', 'flood_%')
            .executeTakeFirstOrThrow()
        ).n,
      ),
  },
  {
    name: 'phone codes',
    limit: 20,
    shot: (i, ip) =>
      post('/api/User/SendSmsCode', { mobile: floodMobile(ip, i), purpose: 'register' }, ip),
  },
  {
    name: 'phone sign-in guesses',
    limit: 30,
    shot: (i, ip) =>
      post('/api/User/PhoneLogin', { mobile: floodMobile(ip, i), code: '000000' }, ip),
  },
  {
    name: 'visitor message',
    limit: 10,
    shot: (i, ip) =>
      post(
        '/api/PostData/PostFrontCommon',
        {
          postUrl: 'LeaveMessage',
          postData: { Name: '王工', Phone: '13812345678', Message: `flood ${i}` },
        },
        ip,
      ),
    stored: async () =>
      Number(
        (
          await t.db.db
            .selectFrom('leaving')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
  },
  {
    name: 'supplier form',
    limit: 5,
    shot: (i, ip) =>
      post(
        '/FormZhengao/SupplierForm/Add',
        { Company: `Flood ${i}`, Contact: '周经理', Phone: '13800138000' },
        ip,
      ),
    stored: async () =>
      Number(
        (
          await t.db.db
            .selectFrom('supplier_form')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
  },
]

/** A normal public read, as a visitor elsewhere makes it during the flood. */
const publicRead = (ip: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/CommonData/GetList?type=20&parentId=0&pageIndex=1&pageSize=10',
    remoteAddress: ip,
  })

describe('floods get 429 and do not stop other users', () => {
  floods.forEach((f, n) => {
    it(`${f.name}: 429 after ${f.limit} from one address; other addresses and readers are served`, async () => {
      const attacker = `203.0.113.${n + 1}`
      const before = await f.stored?.()
      const statuses: number[] = []
      const reads: number[] = []
      const total = f.limit + 6
      for (let i = 0; i < total; i += 10) {
        const batch = Array.from({ length: Math.min(10, total - i) }, (_, k) =>
          f.shot(i + k, attacker),
        )
        // a visitor's read in the middle of every batch
        const [read, ...answers] = await Promise.all([publicRead(`198.51.100.${n + 10}`), ...batch])
        reads.push(read.statusCode)
        statuses.push(...answers.map((a) => a.statusCode))
      }
      const refused = statuses.filter((s) => s === 429).length
      expect(refused).toBeGreaterThanOrEqual(total - f.limit)
      expect(statuses.filter((s) => s >= 500)).toEqual([])
      expect(reads.every((s) => s === 200)).toBe(true)
      // once refused, stays refused
      expect((await f.shot(total, attacker)).statusCode).toBe(429)
      if (f.stored && before !== undefined)
        expect((await f.stored()) - before).toBeLessThanOrEqual(f.limit)
      // the same call from another address still goes through
      expect((await f.shot(total + 1, `198.51.100.${n + 50}`)).statusCode).not.toBe(429)
    })
  })

  it('a locked-out address does not lock the real user out from theirs', async () => {
    const res = await post(
      '/api/User/Login',
      { username: 'staff', password: testPasswords.staff },
      '198.51.100.99',
    )
    expect((res.json() as { data: { Token: string } }).data.Token).toBeTruthy()
  })
})

describe("a self-registered account cannot claim another account's mobile number", () => {
  it('every claim is refused, with or without a code, and the holder still signs in by phone', async () => {
    const victim = '13955550001'
    await t.db.db
      .updateTable('users')
      .set({ mobile: victim })
      .where('login_name', '=', 'staff')
      .execute()
    const registered = await registerWithCode(t, {
      username: 'claimer_1',
      password: 'claimer-pass-123',
      mobile: '13955550002',
      realName: 'x',
    })
    expect(registered.statusCode).toBe(200)
    const login = await post(
      '/api/User/Login',
      { username: 'claimer_1', password: 'claimer-pass-123' },
      '198.51.100.120',
    )
    const token = (login.json() as { data: { Token: string } }).data.Token
    const claim = (SmsCode?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/PostData/PostCommon',
        payload: {
          postUrl: 'SaveMyProfile',
          postData: {
            updateRecords: [{ RealName: 'x', Mobile: victim, ...(SmsCode ? { SmsCode } : {}) }],
          },
        },
        headers: { authorization: `Bearer ${token}`, lang: 'en' },
        remoteAddress: '198.51.100.121',
      })
    // a code for the victim's number (the fixed test code stands in for one read off any phone)
    const answers = await Promise.all([
      claim(),
      claim('246810'),
      ...Array.from({ length: 8 }, () => claim('246810')),
    ])
    for (const a of answers) {
      expect(a.statusCode).toBeLessThan(500)
      expect((a.json() as { code: number }).code).not.toBe(200)
    }
    const holders = await t.db.db
      .selectFrom('users')
      .select('login_name')
      .where('mobile', '=', victim)
      .execute()
    expect(holders.map((h) => h.login_name)).toEqual(['staff'])
    const phone = await post(
      '/api/User/PhoneLogin',
      { mobile: victim, code: '246810' },
      '198.51.100.122',
    )
    expect((phone.json() as { code: number; data?: { Token?: string } }).data?.Token).toBeTruthy()
  })
})
