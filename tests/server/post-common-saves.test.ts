import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  defineOperation,
  findOperation,
  registerOperation,
} from '#server/modules/post-common/registry'
import { createTestApp, sessionToken, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * The edges of PostCommon and of the saves built on it (mutation survivors): the
 * operation registry, the route's password and idempotency answers and its log line, the
 * yes/no flag saves, and the content saves (grids, the about page, the contact record). A
 * refused call answers a clear message and changes nothing.
 */
let t: TestApp
const tokens: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp()
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

type Answer = { code: number; msg: string; data: unknown; errors?: Record<string, string> }
const save = async (
  token: string,
  postUrl: string,
  postData: Record<string, unknown[]>,
  headers: Record<string, string> = {},
) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/PostData/PostCommon',
    payload: { postUrl, postData },
    headers: { authorization: `Bearer ${token}`, lang: 'en', ...headers },
  })
  return { status: res.statusCode, body: res.json() as Answer, headers: res.headers }
}
const recent = (at: string, since: number) => {
  expect(Date.parse(at)).toBeGreaterThanOrEqual(since - 1000)
  expect(Date.parse(at)).toBeLessThanOrEqual(Date.now() + 1000)
}
const notFound = 'The record does not exist or was deleted'

describe('the operation registry', () => {
  const op = (postUrl: string) =>
    defineOperation({
      postUrl,
      permission: 'signedIn',
      async run() {
        return {}
      },
    })

  it('takes a name of 2 to 64 letters and digits that starts with a letter, found in any case', () => {
    for (const bad of ['A', '9Lives', 'Save-Order', 'Save Order', `S${'a'.repeat(64)}`])
      expect(() => registerOperation(op(bad)), bad).toThrow(`PostCommon: invalid postUrl "${bad}"`)
    for (const good of ['Ab', 'TestSave2', `S${'a'.repeat(63)}`]) {
      const def = op(good)
      registerOperation(def)
      expect(findOperation(good.toUpperCase())).toBe(def)
    }
    expect(findOperation('9Lives')).toBeUndefined()
  })

  it('registers the same definition twice without fuss, and refuses another one under a taken name', () => {
    const first = op('TestTwice')
    registerOperation(first)
    registerOperation(first)
    expect(() => registerOperation(op('TESTTWICE'))).toThrow(
      'PostCommon: "TESTTWICE" is already registered',
    )
    expect(findOperation('testtwice')).toBe(first)
  })
})

describe('PostCommon answers', () => {
  it('a user who must change their password may only run signed-in operations (403 with the reason)', async () => {
    const order = await t.db.db.selectFrom('orders').select('id').executeTakeFirstOrThrow()
    await t.db.db
      .updateTable('users')
      .set({ must_change_password: 1 })
      .where('login_name', '=', 'staff')
      .execute()
    try {
      const token = await sessionToken(t, 'staff')
      const refused = await save(token, 'SaveOrder', {
        updateRecords: [{ Id: order.id, Remark: 'must change first' }],
      })
      expect(refused.status).toBe(403)
      expect(refused.body.msg).toBe('Please change your password first')
      const remark = await t.db.db
        .selectFrom('orders')
        .select('remark')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow()
      expect(remark.remark).not.toBe('must change first')
      // ReadNotice is for every signed-in user
      const read = await save(token, 'ReadNotice', { updateRecords: [{ Id: 1 }] })
      expect(read.status, JSON.stringify(read.body)).toBe(200)
    } finally {
      await t.db.db
        .updateTable('users')
        .set({ must_change_password: 0 })
        .where('login_name', '=', 'staff')
        .execute()
    }
  })

  it('logs an applied save with its counts', async () => {
    const since = new Date(Date.now() - 1000).toISOString()
    const r = await save(tokens.editor!, 'SaveEquipment', {
      insertRecords: [{ Name: '日志压力机', Quantity: 1, Sort: 0 }],
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const log = await t.db.db
      .selectFrom('system_log')
      .selectAll()
      .where('operation', '=', 'PostCommon SaveEquipment')
      .where('created_at', '>=', since)
      .execute()
    expect(log.map((l) => [l.account, l.log_type, l.result])).toEqual([
      ['editor', 'database', 'success: inserted 1, updated 0, removed 0'],
    ])
  })

  it('a key reused for another request answers 409 naming the key, and applies nothing', async () => {
    const key = { 'idempotency-key': 'post-common-saves-0001' }
    const first = await save(
      tokens.editor!,
      'SaveEquipment',
      { insertRecords: [{ Name: '幂等一号', Quantity: 1, Sort: 0 }] },
      key,
    )
    expect(first.status).toBe(200)
    const other = await save(
      tokens.editor!,
      'SaveEquipment',
      { insertRecords: [{ Name: '幂等二号', Quantity: 1, Sort: 0 }] },
      key,
    )
    expect(other.status).toBe(409)
    expect(other.body).toMatchObject({
      code: 409,
      errors: { 'Idempotency-Key': 'Idempotency-Key is not valid' },
    })
    const names = await t.db.db
      .selectFrom('equipment')
      .select('name')
      .where('name', 'like', '幂等%')
      .execute()
    expect(names.map((n) => n.name)).toEqual(['幂等一号'])
  })

  it('names the records of a kind the operation does not take, in the caller language', async () => {
    const en = await save(tokens.staff!, 'ReadNotice', { removeRecords: [{ Id: 1 }] })
    expect(en.status).toBe(400)
    expect(en.body.errors).toEqual({
      'postData.removeRecords': 'postData.removeRecords is not valid',
    })
    const zh = await save(
      tokens.staff!,
      'ReadNotice',
      { updateRecords: [{ Id: 'x' }] },
      { lang: 'zh' },
    )
    expect(zh.body.errors).toEqual({
      'postData.updateRecords.0.Id': 'postData.updateRecords.0.Id格式不正确',
    })
  })
})

describe('yes/no flags (SaveWechatUser)', () => {
  it('sets and clears the flag of each record; an unknown Id refuses the whole call', async () => {
    const ids: number[] = []
    for (const open of ['flag-a', 'flag-b']) {
      const row = await t.db.db
        .insertInto('wechat_user')
        .values({
          open_id: open,
          nick_name: open,
          avatar: '',
          ban: 0,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      ids.push(row.id)
    }
    const [a, b] = ids as [number, number]
    const bans = async () =>
      (
        await t.db.db
          .selectFrom('wechat_user')
          .select('ban')
          .where('id', 'in', ids)
          .orderBy('id')
          .execute()
      ).map((r) => Number(r.ban))

    const refused = await save(tokens.editor!, 'SaveWechatUser', {
      updateRecords: [
        { Id: a, Ban: true },
        { Id: 999_999, Ban: true },
      ],
    })
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual({ 'postData.updateRecords.1.Id': notFound })
    expect(await bans()).toEqual([0, 0])

    const both = await save(tokens.editor!, 'SaveWechatUser', {
      updateRecords: [
        { Id: a, Ban: true },
        { Id: b, Ban: true },
      ],
    })
    expect(both.body.data).toMatchObject({ inserted: 0, updated: 2, removed: 0 })
    expect(await bans()).toEqual([1, 1])
    await save(tokens.editor!, 'SaveWechatUser', { updateRecords: [{ Id: a, Ban: false }] })
    expect(await bans()).toEqual([0, 1])
  })
})

describe('content grid saves', () => {
  const equipment = async () =>
    (await t.db.db.selectFrom('equipment').select(['id', 'quantity']).orderBy('id').execute()).map(
      (r) => ({ id: r.id, quantity: r.quantity }),
    )

  it('refuses the removal of an unknown Id and keeps the other removals of the call', async () => {
    const before = await equipment()
    const r = await save(tokens.editor!, 'SaveEquipment', {
      removeRecords: [{ Id: before[0]!.id }, { Id: 999_999 }],
    })
    expect(r.status).toBe(400)
    expect(r.body.errors).toEqual({ 'postData.removeRecords.1.Id': notFound })
    expect(await equipment()).toEqual(before)
  })

  it('refuses the edit of an unknown Id and keeps the other edits of the call', async () => {
    const before = await equipment()
    const r = await save(tokens.editor!, 'SaveEquipment', {
      updateRecords: [
        { Id: before[0]!.id, Quantity: before[0]!.quantity + 5 },
        { Id: 999_999, Quantity: 1 },
      ],
    })
    expect(r.status).toBe(400)
    expect(r.body.errors).toEqual({ 'postData.updateRecords.1.Id': notFound })
    expect(await equipment()).toEqual(before)
  })

  it('stamps the edit time of a changed product; an edit that names only the Id changes and counts nothing', async () => {
    const product = await t.db.db
      .selectFrom('product')
      .select(['id', 'sort'])
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const old = '2020-01-01T00:00:00.000Z'
    await t.db.db
      .updateTable('product')
      .set({ updated_at: old })
      .where('id', '=', product.id)
      .execute()
    const stored = () =>
      t.db.db
        .selectFrom('product')
        .select(['sort', 'updated_at'])
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow()

    const nothing = await save(tokens.editor!, 'SaveProduct', {
      updateRecords: [{ Id: product.id }],
    })
    expect(nothing.body.data).toMatchObject({ inserted: 0, updated: 0, removed: 0 })
    expect(await stored()).toEqual({ sort: product.sort, updated_at: old })

    const since = Date.now()
    const changed = await save(tokens.editor!, 'SaveProduct', {
      updateRecords: [{ Id: product.id, Sort: product.sort + 1 }],
    })
    expect(changed.body.data).toMatchObject({ inserted: 0, updated: 1, removed: 0 })
    const after = await stored()
    expect(after.sort).toBe(product.sort + 1)
    recent(after.updated_at, since)
  })

  it('refuses to move a product to an unknown category, and changes nothing', async () => {
    const product = await t.db.db
      .selectFrom('product')
      .select(['id', 'category_id', 'title'])
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const r = await save(tokens.editor!, 'SaveProduct', {
      updateRecords: [{ Id: product.id, CategoryId: 99_999, Title: '移到别处' }],
    })
    expect(r.status).toBe(400)
    expect(r.body.errors).toEqual({
      'postData.updateRecords.0.CategoryId': 'Please choose a product category',
    })
    expect(
      await t.db.db
        .selectFrom('product')
        .select(['id', 'category_id', 'title'])
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(product)
  })

  it('dates a new product and a new category with the time of the save', async () => {
    const since = Date.now()
    const category = await save(tokens.editor!, 'SaveCategory', {
      insertRecords: [{ Title: '日期分类', ImgUrl: [{ url: '/uploads/demo/category-1.webp' }] }],
    })
    expect(category.status, JSON.stringify(category.body)).toBe(200)
    const cat = await t.db.db
      .selectFrom('product_category')
      .selectAll()
      .where('title', '=', '日期分类')
      .executeTakeFirstOrThrow()
    recent(cat.created_at, since)
    expect(cat.parent_id).toBe(0)
    const product = await save(tokens.editor!, 'SaveProduct', {
      insertRecords: [
        {
          CategoryId: cat.id,
          Title: '日期产品',
          Images: [
            { url: '/uploads/demo/product-01.webp', thumb: '/uploads/demo/product-01-sm.webp' },
          ],
        },
      ],
    })
    expect(product.body.data).toMatchObject({ inserted: 1, updated: 0, removed: 0 })
    const p = await t.db.db
      .selectFrom('product')
      .selectAll()
      .where('title', '=', '日期产品')
      .executeTakeFirstOrThrow()
    recent(p.created_at, since)
    recent(p.updated_at, since)
  })
})

describe('the about page and the contact record', () => {
  it('creates the about page when it is missing: the given fields, the others empty', async () => {
    await t.db.db.deleteFrom('page').where('key', '=', 'about').execute()
    const since = Date.now()
    const made = await save(tokens.editor!, 'SaveAbout', {
      updateRecords: [{ TitleEn: 'About us' }],
    })
    expect(made.body.data).toMatchObject({ inserted: 0, updated: 1, removed: 0 })
    const page = () =>
      t.db.db.selectFrom('page').selectAll().where('key', '=', 'about').executeTakeFirstOrThrow()
    const first = await page()
    expect(first).toMatchObject({
      title: '',
      title_en: 'About us',
      body: '',
      body_en: '',
      images: '[]',
    })
    recent(first.updated_at, since)

    const images = [{ url: '/uploads/demo/about-1.webp' }]
    await save(tokens.editor!, 'SaveAbout', {
      updateRecords: [
        { Title: '关于我们', Body: '<p>锻造</p>', BodyEn: '<p>Forging</p>', Images: images },
      ],
    })
    expect(await page()).toMatchObject({
      title: '关于我们',
      title_en: 'About us',
      body: '<p>锻造</p>',
      body_en: '<p>Forging</p>',
      images: JSON.stringify(images),
    })
  })

  it('creates the contact record when it is missing: the given fields, the others empty', async () => {
    await t.db.db.deleteFrom('contact_info').execute()
    const since = Date.now()
    const made = await save(tokens.editor!, 'SaveContact', {
      updateRecords: [{ Company: '江苏锻造厂', Qr1: '' }],
    })
    expect(made.body.data).toMatchObject({ inserted: 0, updated: 1, removed: 0 })
    const contact = () => t.db.db.selectFrom('contact_info').selectAll().execute()
    const [row, ...more] = await contact()
    expect(more).toEqual([])
    const { updated_at: at, ...fields } = row!
    expect(fields).toEqual({
      id: 1,
      row_version: 1,
      company: '江苏锻造厂',
      company_en: '',
      address: '',
      address_en: '',
      phone: '',
      fax: '',
      mail: '',
      website: '',
      qr1: '',
      qr1_title: '',
      qr1_title_en: '',
      qr2: '',
      qr2_title: '',
      qr2_title_en: '',
    })
    recent(at, since)

    await t.db.db
      .updateTable('contact_info')
      .set({ updated_at: '2020-01-01T00:00:00.000Z' })
      .execute()
    const since2 = Date.now()
    await save(tokens.editor!, 'SaveContact', {
      updateRecords: [{ AddressEn: 'No. 1 Forge Road', Mail: 'sales@forge.test' }],
    })
    const [edited] = await contact()
    expect(edited).toMatchObject({
      id: 1,
      company: '江苏锻造厂',
      address_en: 'No. 1 Forge Road',
      mail: 'sales@forge.test',
    })
    recent(edited!.updated_at, since2)
  })
})
