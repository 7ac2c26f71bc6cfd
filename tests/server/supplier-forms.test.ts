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
const add = async (payload: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'POST', url: '/FormZhengao/SupplierForm/Add', payload, headers })
  return { status: res.statusCode, body: res.json() as Body, headers: res.headers }
}
const staff = async (who: string, url: string, payload: unknown) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as Record<string, unknown>, headers: { authorization: `Bearer ${tokens[who]}` } })
  return { status: res.statusCode, body: res.json() as Body }
}
const form = { Company: '常州精锻材料有限公司', Contact: '周经理', Phone: '13800138000', Products: '42CrMo4 圆钢' }

describe('supplier forms', () => {
  it('takes a valid form without signing in, once per Idempotency-Key', async () => {
    const r = await add(form, { 'idempotency-key': 'supplier-form-key-1' })
    expect(r.status).toBe(200)
    expect(r.body.msg).toBe('提交成功，我们会尽快与您联系')
    const again = await add(form, { 'idempotency-key': 'supplier-form-key-1' })
    expect(again.body.data).toEqual(r.body.data)
    expect(again.headers['idempotent-replayed']).toBe('true')
    const list = await staff('staff', 'SupplierForm/GetList', {})
    expect(list.body.data).toMatchObject({ total: 1, result: [{ Company: form.Company, Phone: form.Phone, AuditStatus: 0 }] })
    expect((await staff('editor', 'SupplierForm/GetList', {})).status).toBe(403)
  })

  it('refuses invalid forms with field messages', async () => {
    const r = await add({ Company: '', Contact: 'x', Phone: '12345', Email: 'bad' }, { lang: 'en' })
    expect(r.status).toBe(400)
    expect(r.body.errors).toMatchObject({
      Company: 'This field is required',
      Phone: 'Please enter a correct phone number, digits only',
      Email: 'The e-mail format is incorrect',
    })
  })

  it('lets staff annotate and remove forms, and auditors accept them', async () => {
    const id = ((await staff('staff', 'SupplierForm/GetList', {})).body.data as { result: { Id: number }[] }).result[0]!.Id
    const post = (who: string, postUrl: string, postData: unknown) => staff(who, 'PostData/PostCommon', { postUrl, postData })
    expect((await post('staff', 'SaveSupplierForm', { insertRecords: [form] })).status).toBe(400)
    expect((await post('staff', 'SaveSupplierForm', { updateRecords: [{ Id: id, Remark: '已电话联系', Company: 'changed' }] })).status).toBe(200)
    expect((await post('staff', 'AuditSupplierForm', { updateRecords: [{ Id: id, AuditStatus: 1 }] })).status).toBe(403)
    expect((await post('admin', 'AuditSupplierForm', { updateRecords: [{ Id: id, AuditStatus: 1 }] })).status).toBe(200)
    const row = (await staff('staff', 'SupplierForm/Get', { id })).body.data
    expect(row).toMatchObject({ Remark: '已电话联系', Company: form.Company, AuditStatus: 1 })
    expect((await post('staff', 'SaveSupplierForm', { removeRecords: [{ Id: id }] })).status).toBe(200)
  })

  it('is rate-limited per client', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await add({ ...form, Contact: `c${i}` })).status)
    expect(statuses).toContain(429)
  })
})
