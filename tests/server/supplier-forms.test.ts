import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

let t: TestApp
const tokens: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

type Body = { code: number; msg: string; data: unknown; errors?: Record<string, string> }
/** Each test sends from its own address: the limit counts per client address. */
const add = async (
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
  remoteAddress = '203.0.113.1',
) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/FormZhengao/SupplierForm/Add',
    payload,
    headers,
    remoteAddress,
  })
  return { status: res.statusCode, body: res.json() as Body, headers: res.headers }
}
const staff = async (who: string, url: string, payload: unknown) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    payload: payload as Record<string, unknown>,
    headers: { authorization: `Bearer ${tokens[who]}` },
  })
  return { status: res.statusCode, body: res.json() as Body }
}
const count = async (table: 'supplier_form' | 'notice') =>
  Number(
    (
      await t.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
type NoticeList = { result: { Msg: string; CreateType: number; OrderId: number }[] }
const noticesOf = async (who: string) =>
  ((await staff(who, 'Notice/GetList', { isAll: true, pageSize: 100 })).body.data as NoticeList)
    .result

/** 广东省 / 深圳市 / 南山区 */
const nanshan = ['440000', '440300', '440305']
const form = {
  Company: '常州精锻材料有限公司',
  Contact: '周经理',
  Phone: '13800138000',
  Products: '42CrMo4 圆钢',
  Area: nanshan,
  Address: '科技园路 18 号',
}

describe('public supplier form', () => {
  it('takes a valid form without signing in, once per Idempotency-Key, and tells the staff who may see it', async () => {
    const r = await add(form, { 'idempotency-key': 'supplier-form-key-1' })
    expect(r.status).toBe(200)
    expect(r.body.msg).toBe('提交成功，我们会尽快与您联系')
    const again = await add(form, { 'idempotency-key': 'supplier-form-key-1' })
    expect(again.body.data).toEqual(r.body.data)
    expect(again.headers['idempotent-replayed']).toBe('true')
    const list = await staff('staff', 'SupplierForm/GetList', {})
    expect(list.body.data).toMatchObject({
      total: 1,
      result: [
        {
          Company: form.Company,
          Phone: form.Phone,
          Address: '广东省 深圳市 南山区 科技园路 18 号',
          AuditStatus: 0,
        },
      ],
    })
    const stored = await t.db.db
      .selectFrom('supplier_form')
      .select('area_codes')
      .executeTakeFirstOrThrow()
    expect(stored.area_codes).toBe('440000,440300,440305')
    expect((await staff('editor', 'SupplierForm/GetList', {})).status).toBe(403)
    // one notice (the replay made none) to the roles that hold the supplier-forms screen
    const Id = (r.body.data as { Id: number }).Id
    for (const who of ['staff', 'admin']) {
      const mine = (await noticesOf(who)).filter((n) => n.CreateType === 4)
      expect(mine, who).toEqual([
        expect.objectContaining({
          OrderId: Id,
          Msg: `新的供应商申请：${form.Company}（${form.Contact}）`,
        }),
      ])
    }
    expect((await noticesOf('editor')).filter((n) => n.CreateType === 4)).toEqual([])
  })

  it('accepts a city without districts (province and city only) and answers in English', async () => {
    // a landline with its area code, as written
    const r = await add(
      {
        ...form,
        Company: 'Dongguan Springs Ltd',
        Phone: '0769-2234 5678',
        Area: ['440000', '441900'],
        Address: '',
      },
      { lang: 'en' },
      '203.0.113.2',
    )
    expect(r.status).toBe(200)
    expect(r.body.msg).toBe('Submitted; we will contact you soon')
    const row = await t.db.db
      .selectFrom('supplier_form')
      .select(['address', 'phone'])
      .where('company', '=', 'Dongguan Springs Ltd')
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ address: '广东省 东莞市', phone: '0769-2234 5678' })
  })

  const bad: [string, Record<string, unknown>, string, string, string][] = [
    ['company missing', { Company: '  ' }, 'Company', '此项为必填项', 'This field is required'],
    ['company too long', { Company: 'x'.repeat(101) }, 'Company', '内容过长', 'This is too long'],
    ['contact missing', { Contact: '' }, 'Contact', '此项为必填项', 'This field is required'],
    [
      'phone with no known start',
      { Phone: '23800138000' },
      'Phone',
      '请以 1（手机）、0（区号）或 +（国家代码）开头',
      'Start with 1 (mobile), 0 (area code) or + (country code)',
    ],
    [
      'mobile one digit short',
      { Phone: '1380013800' },
      'Phone',
      '手机号码为 1 开头的 11 位数字',
      'A Chinese mobile number has 11 digits starting with 1',
    ],
    ['phone missing', { Phone: '' }, 'Phone', '此项为必填项', 'This field is required'],
    [
      'e-mail malformed',
      { Email: 'chen@' },
      'Email',
      '邮箱格式不正确',
      'The e-mail format is incorrect',
    ],
    ['products missing', { Products: '' }, 'Products', '此项为必填项', 'This field is required'],
    [
      'message over 500 characters',
      { Message: '字'.repeat(501) },
      'Message',
      '内容过长',
      'This is too long',
    ],
    ['no region', { Area: [] }, 'Area', '请选择', 'Please make a choice'],
    [
      'region without its district',
      { Area: ['440000', '440300'] },
      'Area',
      '请选择',
      'Please make a choice',
    ],
    [
      'district outside its city',
      { Area: ['440000', '440300', '110101'] },
      'Area',
      '请选择',
      'Please make a choice',
    ],
    [
      'unknown region codes',
      { Area: ['990000', '990100', '990101'] },
      'Area',
      '请选择',
      'Please make a choice',
    ],
  ]
  it.each(bad)(
    'refuses %s with its message in both languages and stores nothing',
    async (_name, change, field, zh, en) => {
      const before = [await count('supplier_form'), await count('notice')]
      const address = `198.51.100.${bad.findIndex((b) => b[0] === _name) + 1}`
      const inZh = await add({ ...form, ...change }, {}, address)
      expect(inZh.status).toBe(400)
      expect(inZh.body.errors?.[field]).toBe(zh)
      const inEn = await add({ ...form, ...change }, { lang: 'en' }, address)
      expect(inEn.body.errors?.[field]).toBe(en)
      expect([await count('supplier_form'), await count('notice')]).toEqual(before)
    },
  )

  it('is rate-limited per client address (5 in 10 minutes), in the caller language, before reading the body', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 5; i++)
      statuses.push((await add({ ...form, Contact: `c${i}` }, {}, '192.0.2.10')).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200])
    const before = await count('supplier_form')
    const limited = await add({ ...form, Contact: 'c5' }, { lang: 'en' }, '192.0.2.10')
    expect(limited.status).toBe(429)
    expect(limited.body.msg).toBe('Too many requests, please try again later')
    expect((await add({ Company: '' }, {}, '192.0.2.10')).status).toBe(429)
    expect(await count('supplier_form')).toBe(before)
    // another address is not limited by that one
    expect((await add({ ...form, Contact: 'other' }, {}, '192.0.2.11')).status).toBe(200)
  })
})

describe('supplier forms for staff', () => {
  it('lets staff annotate and remove forms, and auditors accept them', async () => {
    const id = (
      (await staff('staff', 'SupplierForm/GetList', {})).body.data as { result: { Id: number }[] }
    ).result[0]!.Id
    const post = (who: string, postUrl: string, postData: unknown) =>
      staff(who, 'PostData/PostCommon', { postUrl, postData })
    expect((await post('staff', 'SaveSupplierForm', { insertRecords: [form] })).status).toBe(400)
    expect(
      (
        await post('staff', 'SaveSupplierForm', {
          updateRecords: [{ Id: id, Remark: '已电话联系', Company: 'changed' }],
        })
      ).status,
    ).toBe(200)
    expect(
      (await post('staff', 'AuditSupplierForm', { updateRecords: [{ Id: id, AuditStatus: 1 }] }))
        .status,
    ).toBe(403)
    expect(
      (await post('admin', 'AuditSupplierForm', { updateRecords: [{ Id: id, AuditStatus: 1 }] }))
        .status,
    ).toBe(200)
    const row = (await staff('staff', 'SupplierForm/Get', { id })).body.data
    expect(row).toMatchObject({ Remark: '已电话联系', AuditStatus: 1 })
    expect((await post('staff', 'SaveSupplierForm', { removeRecords: [{ Id: id }] })).status).toBe(
      200,
    )
  })
})
