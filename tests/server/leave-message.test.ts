import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const valid = {
  Name: '王工',
  Phone: '13812345678',
  Email: 'wang@example.com',
  Company: '某汽车零部件公司',
  Message: '请报价 42CrMo 曲轴 500 件。',
}
const send = (postData: unknown, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/PostData/PostFrontCommon',
    payload: { postUrl: 'LeaveMessage', postData } as never,
    headers,
    remoteAddress: ip,
  })
const stored = async () => (await t.db.db.selectFrom('leaving').selectAll().execute()).length

describe('leave a message (PostFrontCommon)', () => {
  it('stores a valid message', async () => {
    const before = await stored()
    const res = await send(valid)
    expect(res.json()).toMatchObject({ code: 200, data: { Id: expect.any(Number) } })
    expect(await stored()).toBe(before + 1)
    const row = await t.db.db
      .selectFrom('leaving')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ name: '王工', phone: '13812345678', handled: 0 })
  })

  it('rejects bad fields, says which in the request language, and stores nothing', async () => {
    const before = await stored()
    const res = await send(
      { ...valid, Phone: '2381234567', Email: 'not-an-email', Message: 'x'.repeat(501) },
      { 'accept-language': 'en' },
      '10.0.0.2',
    )
    expect(res.statusCode).toBe(400)
    const body = res.json() as { errors: Record<string, string> }
    expect(body.errors['postData.Phone']).toBe(
      'Start with 1 (mobile), 0 (area code) or + (country code)',
    )
    expect(body.errors['postData.Email']).toBe('The e-mail format is incorrect')
    expect(body.errors['postData.Message']).toBe('This is too long')
    const zh = await send({ ...valid, Name: '  ' }, {}, '10.0.0.2')
    expect((zh.json() as { errors: Record<string, string> }).errors['postData.Name']).toBe(
      '此项为必填项',
    )
    expect(await stored()).toBe(before)
  })

  it('takes international numbers and landlines as written, or an e-mail address alone', async () => {
    for (const [i, Phone] of ['+44 20 7946 0958', '010-12345678', '0755 1234 5678'].entries()) {
      const res = await send({ ...valid, Phone, Email: '' }, {}, `10.0.2.${i}`)
      expect(res.json()).toMatchObject({ code: 200 })
      const row = await t.db.db
        .selectFrom('leaving')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
      expect(row.phone).toBe(Phone)
    }
    const mailOnly = await send(
      { ...valid, Phone: '', Email: 'buyer@example.co.uk' },
      {},
      '10.0.2.9',
    )
    expect(mailOnly.json()).toMatchObject({ code: 200 })
  })

  it('says what is wrong with a number, and asks for a phone or an e-mail when both are missing', async () => {
    const before = await stored()
    const errorsOf = async (postData: unknown, lang: string) =>
      (
        (await send(postData, { 'accept-language': lang }, '10.0.3.1')).json() as {
          errors: Record<string, string>
        }
      ).errors
    expect((await errorsOf({ ...valid, Phone: '1381234567' }, 'en'))['postData.Phone']).toBe(
      'A Chinese mobile number has 11 digits starting with 1',
    )
    expect((await errorsOf({ ...valid, Phone: '+44 20' }, 'en'))['postData.Phone']).toMatch(
      /^International: \+ country code/,
    )
    expect((await errorsOf({ ...valid, Phone: '', Email: '' }, 'en'))['postData.Phone']).toBe(
      'Leave a phone number or an e-mail address',
    )
    expect((await errorsOf({ ...valid, Phone: '', Email: '' }, 'zh'))['postData.Phone']).toBe(
      '请留下电话或邮箱',
    )
    expect((await errorsOf({ ...valid, Phone: '0755-123' }, 'zh'))['postData.Phone']).toBe(
      '固话：0 开头的区号加 7-8 位号码（010-12345678）',
    )
    expect(await stored()).toBe(before)
  })

  it('limits the rate per client without blocking other clients', async () => {
    let last = 0
    for (let i = 0; i < 11; i++) last = (await send(valid, {}, '10.0.0.9')).statusCode
    expect(last).toBe(429)
    const other = await send(valid, {}, '10.0.0.10')
    expect(other.statusCode).toBe(200)
  })

  it('applies a replay with the same Idempotency-Key once and answers it like the first time', async () => {
    const before = await stored()
    const key = { 'idempotency-key': 'b7c1e0d2-5a43-4f1e-9d2a-1f0e3c4b5a69' }
    const first = await send(valid, key, '10.0.1.1')
    const again = await send(valid, key, '10.0.1.1')
    expect(first.statusCode).toBe(200)
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect((again.json() as { data: { Id: number } }).data.Id).toBe(
      (first.json() as { data: { Id: number } }).data.Id,
    )
    expect(await stored()).toBe(before + 1)
    const reused = await send({ ...valid, Message: 'another message' }, key, '10.0.1.1')
    expect(reused.statusCode).toBe(409)
    const badKey = await send(valid, { 'idempotency-key': 'short' }, '10.0.1.1')
    expect(badKey.statusCode).toBe(400)
    expect(await stored()).toBe(before + 1)
  })
})
