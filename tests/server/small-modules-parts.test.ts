import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { regionCodes, regionNames } from '#server/modules/supplier-forms/china-regions'
import { libreTranslate, translateEndpoint } from '#server/modules/translate/libre-translate'
import { createTestApp, sessionToken, type TestApp } from './helpers/test-app.ts'

// The small screens' server parts one by one: the translation address and answers, the
// translate call's short cuts, and column choices that are cleared or half given.

describe('the translation service', () => {
  let stub: http.Server
  let url = ''
  const seen: http.IncomingHttpHeaders[] = []
  let answer: { status: number; body: string } = { status: 200, body: '' }
  beforeAll(async () => {
    stub = http.createServer((req, res) => {
      seen.push(req.headers)
      req.resume()
      req.on('end', () => res.writeHead(answer.status).end(answer.body))
    })
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())))

  it('its address: the base with /translate added once', () => {
    expect(translateEndpoint('http://h:5000')).toBe('http://h:5000/translate')
    expect(translateEndpoint('http://h:5000/lt/')).toBe('http://h:5000/lt/translate')
    expect(translateEndpoint('http://h:5000/translate')).toBe('http://h:5000/translate')
    expect(translateEndpoint('http://h:5000/translate/')).toBe('http://h:5000/translate/')
    expect(translateEndpoint('http://h:5000/translated')).toBe('http://h:5000/translated/translate')
  })

  it('asks for JSON; a failed answer or one without a text is no translation', async () => {
    const settings = { url, apiKey: '' }
    answer = { status: 200, body: JSON.stringify({ translatedText: 'Forging' }) }
    expect(await libreTranslate(settings, '锻件', 'zh', 'en')).toBe('Forging')
    expect(seen.at(-1)).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
    })
    answer = { status: 503, body: JSON.stringify({ translatedText: 'Forging' }) }
    expect(await libreTranslate(settings, '锻件', 'zh', 'en')).toBeUndefined()
    answer = { status: 200, body: JSON.stringify({ translatedText: 42 }) }
    expect(await libreTranslate(settings, '锻件', 'zh', 'en')).toBeUndefined()
  })

  it('a text of spaces, or one already in the target language, comes back as it is, unasked', async () => {
    const t = await createTestApp({ SEED_DEMO: 'false', TRANSLATE_URL: url })
    try {
      const token = await sessionToken(t, 'editor')
      const call = async (payload: Record<string, unknown>) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/CommonData/TranslateGeneral',
            payload,
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()
      const before = seen.length
      expect(await call({ text: '   ' })).toEqual({ code: 200, msg: 'ok', data: { text: '   ' } })
      expect(await call({ text: '锻件', source: 'en', target: 'en' })).toEqual({
        code: 200,
        msg: 'ok',
        data: { text: '锻件' },
      })
      expect(seen.length).toBe(before)
      answer = { status: 200, body: JSON.stringify({ translatedText: 'Forging' }) }
      expect(await call({ text: '锻件' })).toEqual({
        code: 200,
        msg: 'ok',
        data: { text: 'Forging' },
      })
      expect((await t.app.inject({ url: '/api/CommonData/TranslateStatus' })).statusCode).toBe(401)
      expect(
        (
          await t.app.inject({
            url: '/api/CommonData/TranslateStatus',
            headers: { authorization: `Bearer ${token}` },
          })
        ).json(),
      ).toEqual({ code: 200, msg: 'ok', data: { enabled: true } })
    } finally {
      await t.close()
    }
  })
})

describe('column choices', () => {
  let t: TestApp
  let token = ''
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'false' })
    token = await sessionToken(t, 'staff')
  })
  afterAll(() => t.close())

  const save = async (order: string[], hidden: string[]) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/User/SaveColumnPrefs',
        payload: { grid: 'Order', order, hidden },
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()
  const read = async () =>
    (
      await t.app.inject({
        url: '/api/User/GetColumnPrefs?grid=Order',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()

  it('only an order, or only hidden columns, is kept; neither clears them', async () => {
    expect(await save(['Quantity', 'OrderNo'], [])).toEqual({
      code: 200,
      msg: 'ok',
      data: { order: ['Quantity', 'OrderNo'], hidden: [] },
    })
    expect(await read()).toEqual({
      code: 200,
      msg: 'ok',
      data: { order: ['Quantity', 'OrderNo'], hidden: [] },
    })
    expect(await save([], ['Remark'])).toMatchObject({ data: { order: [], hidden: ['Remark'] } })
    expect(await read()).toMatchObject({ data: { order: [], hidden: ['Remark'] } })
    expect(await save([], [])).toEqual({ code: 200, msg: 'ok', data: null })
    expect(await read()).toEqual({ code: 200, msg: 'ok', data: null })
    expect(await t.db.db.selectFrom('column_prefs').select('grid').execute()).toEqual([])
  })

  it('a stored row that no longer passes the check reads as no choices', async () => {
    await save(['Quantity'], [])
    await t.db.db.updateTable('column_prefs').set({ prefs: '{not json' }).execute()
    expect(await read()).toEqual({ code: 200, msg: 'ok', data: null })
  })
})

describe('the production chart', () => {
  let t: TestApp
  let token = ''
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'false' })
    token = await sessionToken(t, 'staff')
    const now = Date.now()
    const rows = [
      { report_date: iso(now - 29 * 86_400_000), workshop: '热处理', output_quantity: 5 },
      { report_date: iso(now - 30 * 86_400_000), workshop: '热处理', output_quantity: 7 },
      { report_date: iso(now), workshop: '锻造', output_quantity: 3 },
      { report_date: iso(now), workshop: '机加工', output_quantity: 4 },
    ]
    for (const r of rows)
      await t.db.db
        .insertInto('production_report')
        .values({
          ...r,
          order_id: null,
          created_by: null,
          audited_by: null,
          created_at: new Date().toISOString(),
        })
        .execute()
  })
  afterAll(() => t.close())

  const chart = async (payload: Record<string, unknown>) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/ProductionReport/GetChartList',
        payload,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json() as {
      code: number
      msg: string
      data: { result: { DateString: string; Workshop: string }[]; workshops: string[] }
    }

  it('by default the last 30 days to today, day 29 included; workshops sorted', async () => {
    const all = await chart({})
    expect(all).toMatchObject({ code: 200, msg: 'ok' })
    expect(all.data.result.map((r) => r.DateString)).toContain(iso(Date.now() - 29 * 86_400_000))
    expect(all.data.result.map((r) => r.DateString)).not.toContain(
      iso(Date.now() - 30 * 86_400_000),
    )
    expect(all.data.workshops).toEqual(['机加工', '热处理', '锻造'].sort())
  })

  it('one workshop when asked for', async () => {
    const one = await chart({ workshop: '锻造' })
    expect(one.data.result.map((r) => r.Workshop)).toEqual(['锻造'])
    expect(one.data.workshops).toEqual(['锻造'])
  })
})

describe('a supplier form sent twice', () => {
  let t: TestApp
  const form = {
    Company: '常州精锻材料有限公司',
    Contact: '王工',
    Phone: '13800138000',
    Email: '',
    Address: '',
    Area: ['110000', '110100', '110101'],
    Products: '锻件',
    Message: '',
  }
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'false' })
  })
  afterAll(() => t.close())

  const send = (payload: Record<string, unknown>, key: string, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/FormZhengao/SupplierForm/Add',
      payload,
      headers: { 'idempotency-key': key, lang },
    })

  it('the same key and form: the first answer again, stored once; another form: refused', async () => {
    const first = await send(form, 'k-1-aaaaaaaaaaaaaaaa')
    expect(first.statusCode).toBe(200)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const again = await send(form, 'k-1-aaaaaaaaaaaaaaaa')
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json().data).toEqual(first.json().data)
    const other = await send({ ...form, Contact: '李工' }, 'k-1-aaaaaaaaaaaaaaaa')
    expect(other.statusCode).toBe(409)
    expect(other.json().errors).toEqual({
      'Idempotency-Key': 'Idempotency-Key is not valid',
    })
    expect(await t.db.db.selectFrom('supplier_form').select('id').execute()).toHaveLength(1)
  })

  it('the staff notice names the company and contact in both languages, with no order number', async () => {
    const res = await send({ ...form, Company: '无锡弹簧厂' }, 'k-2-aaaaaaaaaaaaaaaa')
    const id = res.json().data.Id
    expect(
      await t.db.db
        .selectFrom('notice')
        .select(['msg', 'msg_en', 'order_no', 'order_id'])
        .where('order_id', '=', id)
        .where('create_type', '=', 4)
        .execute(),
    ).toEqual([
      {
        msg: '新的供应商申请：无锡弹簧厂（王工）',
        msg_en: 'New supplier application: 无锡弹簧厂 (王工)',
        order_no: '',
        order_id: id,
      },
    ])
  })
})

describe('regions by name', () => {
  it('the codes of a province, city and district; a level short or unknown is none', () => {
    const codes = regionCodes(['北京市', '市辖区', '东城区'])
    expect(codes).toEqual(['110000', '110100', '110101'])
    expect(regionNames(codes!)).toEqual(['北京市', '市辖区', '东城区'])
    expect(regionCodes(['北京市', '市辖区'])).toBeUndefined()
    expect(regionCodes(['北京市', '不存在区'])).toBeUndefined()
    expect(regionCodes([])).toBeUndefined()
  })

  it('a city without districts ends at the city (its towns are not a level)', () => {
    expect(regionNames(['440000', '441900'])).toEqual(['广东省', '东莞市'])
    expect(regionCodes(['广东省', '东莞市'])).toEqual(['440000', '441900'])
  })
})

describe('visitor messages on the staff side', () => {
  let t: TestApp
  let editor = ''
  const ids: number[] = []
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'false' })
    editor = await sessionToken(t, 'editor')
    for (const [i, Name] of ['甲', '乙', '丙'].entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/PostData/PostFrontCommon',
        payload: {
          postUrl: 'LeaveMessage',
          postData: { Name, Phone: '13800000000', Message: '询价' },
        },
        headers: { 'idempotency-key': `leave-${i}-aaaaaaaaaaaa` },
      })
      ids.push(res.json().data.Id)
    }
  })
  afterAll(() => t.close())

  const list = async (payload: Record<string, unknown>) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/Leaving/GetList',
        payload,
        headers: { authorization: `Bearer ${editor}` },
      })
    ).json() as { code: number; msg: string; data: { result: { Id: number }[]; total: number } }
  const save = async (postData: Record<string, unknown>) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/PostData/PostCommon',
        payload: { postUrl: 'SaveLeaving', postData },
        headers: { authorization: `Bearer ${editor}`, lang: 'en' },
      })
    ).json()

  it('lists newest first by page, handled or not when asked', async () => {
    const first = await list({ pageIndex: 1, pageSize: 2 })
    expect(first).toMatchObject({ code: 200, msg: 'ok', data: { total: 3 } })
    expect(first.data.result.map((r) => r.Id)).toEqual([ids[2], ids[1]])
    expect((await list({ pageIndex: 2, pageSize: 2 })).data.result.map((r) => r.Id)).toEqual([
      ids[0],
    ])
    expect(await save({ updateRecords: [{ Id: ids[0], Handled: true }] })).toMatchObject({
      code: 200,
    })
    expect((await list({ handled: true })).data.result.map((r) => r.Id)).toEqual([ids[0]])
    expect((await list({ handled: false })).data.total).toBe(2)
  })

  it('a reply alone keeps the handled state; nothing to change still needs the record', async () => {
    expect(await save({ updateRecords: [{ Id: ids[0], Reply: '已回电' }] })).toMatchObject({
      code: 200,
      data: { updated: 1 },
    })
    const row = await t.db.db
      .selectFrom('leaving')
      .select(['handled', 'reply', 'replied_by'])
      .where('id', '=', ids[0]!)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ handled: 1, reply: '已回电', replied_by: 'editor' })
    expect(await save({ updateRecords: [{ Id: ids[1] }] })).toMatchObject({
      code: 200,
      data: { updated: 1 },
    })
    expect(await save({ updateRecords: [{ Id: 99_999 }] })).toMatchObject({
      code: 400,
      errors: { 'postData.updateRecords.0.Id': expect.any(String) },
    })
  })

  it('a message sent again with its key is stored once; another message with that key is refused', async () => {
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/PostData/PostFrontCommon',
      payload: {
        postUrl: 'LeaveMessage',
        postData: { Name: '甲', Phone: '13800000000', Message: '询价' },
      },
      headers: { 'idempotency-key': 'leave-0-aaaaaaaaaaaa', lang: 'en' },
    })
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json().data).toEqual({ Id: ids[0] })
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/PostData/PostFrontCommon',
      payload: {
        postUrl: 'LeaveMessage',
        postData: { Name: '丁', Phone: '13800000000', Message: '询价' },
      },
      headers: { 'idempotency-key': 'leave-0-aaaaaaaaaaaa', lang: 'en' },
    })
    expect(other.statusCode).toBe(409)
    expect(other.json().errors).toEqual({ 'Idempotency-Key': 'Idempotency-Key is not valid' })
  })
})
