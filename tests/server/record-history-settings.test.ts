import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { post, postCommon } from './helpers/system-calls.ts'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * Record history of content and system settings: every content and system save
 * records its create, edit and delete with the field diff, in the save's transaction (a refused
 * save leaves none); the order family's refused audit, import and delete leave none either.
 */
let t: TestApp
const tokens: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp()
  for (const u of ['admin', 'editor'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

type Change = { field: string; old: unknown; new: unknown }
type Entry = { Action: string; UserName: string; Changes: Change[] }
const save = (postUrl: string, postData: Record<string, unknown[]>, who = 'admin') =>
  postCommon(t, tokens[who]!, postUrl, postData, 'en')
const historyOf = async (recordType: string, recordId: number | string) => {
  const r = await post<{ result: Entry[] }>(
    t,
    tokens.admin,
    'History/GetList',
    { recordType, recordId },
    'en',
  )
  expect(r.status, r.msg).toBe(200)
  return r.data.result
}
const countRows = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('record_history')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const newest = async (
  table:
    | 'carousel'
    | 'product_category'
    | 'product'
    | 'news'
    | 'equipment'
    | 'department'
    | 'menu'
    | 'users',
) =>
  Number(
    (
      await t.db.db
        .selectFrom(table as 'news')
        .select('id')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id,
  )

/** create, edit and delete of one `id` record; the history answers newest first with each diff */
async function lifecycle(
  postUrl: string,
  recordType: string,
  table: Parameters<typeof newest>[0],
  create: Record<string, unknown>,
  edit: Record<string, unknown>,
  who = 'admin',
) {
  const made = await save(postUrl, { insertRecords: [create] }, who)
  expect(made.status, made.msg).toBe(200)
  const id = await newest(table)
  const edited = await save(postUrl, { updateRecords: [{ Id: id, ...edit }] }, who)
  expect(edited.status, edited.msg).toBe(200)
  const removed = await save(postUrl, { removeRecords: [{ Id: id }] }, who)
  expect(removed.status, removed.msg).toBe(200)
  const entries = await historyOf(recordType, id)
  expect(entries.map((e) => e.Action)).toEqual(['delete', 'update', 'create'])
  const [field, value] = Object.entries(edit)[0]!
  expect(entries[1]!.Changes).toContainEqual({
    field,
    old: create[field] ?? expect.anything(),
    new: value,
  })
  expect(entries[2]!.Changes.length).toBeGreaterThan(0)
  expect(entries[0]!.Changes).toContainEqual(
    expect.objectContaining({ field, old: value, new: null }),
  )
  expect(entries[0]!.UserName).toBe(who)
  return id
}

describe('content history: create, edit, delete', () => {
  it('slides', () =>
    lifecycle(
      'SaveCarousel',
      'Carousel',
      'carousel',
      {
        Image: '/uploads/demo/carousel-1.webp',
        Title: '幻灯片',
        TitleEn: 'Slide',
        Link: '/products',
        Sort: 90,
      },
      { TitleEn: 'Slide two' },
      'editor',
    ))
  it('categories', () =>
    lifecycle(
      'SaveCategory',
      'Category',
      'product_category',
      { Title: '历史分类', TitleEn: 'History cat', Sort: 60 },
      { TitleEn: 'History category' },
      'editor',
    ))
  it('products', async () => {
    const cat = Number(
      (await t.db.db.selectFrom('product_category').select('id').executeTakeFirstOrThrow()).id,
    )
    await lifecycle(
      'SaveProduct',
      'Product',
      'product',
      {
        CategoryId: cat,
        Title: '历史连杆',
        PartNo: 'HIST-1',
        Summary: '摘要',
        Specs: [{ Name: '材料', Value: '42CrMo' }],
        Images: [
          { url: '/uploads/demo/product-03.webp', thumb: '/uploads/demo/product-03-sm.webp' },
        ],
        Published: false,
      },
      { PartNo: 'HIST-2' },
      'editor',
    )
  })
  it('news', () =>
    lifecycle(
      'SaveNews',
      'News',
      'news',
      { Title: '新闻', TitleEn: 'News', Summary: 's', Body: '<p>b</p>' },
      { TitleEn: 'News two' },
      'editor',
    ))
  it('equipment', () =>
    lifecycle(
      'SaveEquipment',
      'Equipment',
      'equipment',
      { Name: '压力机', NameEn: 'Press', Quantity: 2, Sort: 0 },
      { Quantity: 3 },
      'editor',
    ))
  it('contact and about (one record each: edits only)', async () => {
    expect(
      (await save('SaveContact', { updateRecords: [{ Phone: '0571-88886666' }] }, 'editor')).status,
    ).toBe(200)
    expect((await historyOf('Contact', 1))[0]).toMatchObject({
      Action: 'update',
      Changes: [{ field: 'Phone', new: '0571-88886666' }],
    })
    expect(
      (await save('SaveAbout', { updateRecords: [{ BodyEn: 'We forge parts.' }] }, 'editor'))
        .status,
    ).toBe(200)
    expect((await historyOf('About', 'about'))[0]).toMatchObject({
      Action: 'update',
      Changes: [{ field: 'BodyEn', new: 'We forge parts.' }],
    })
  })
})

describe('system settings history: create, edit, delete', () => {
  it('departments', () =>
    lifecycle(
      'SaveDepartment',
      'Department',
      'department',
      { Name: '历史部', ParentId: null },
      { Name: '历史部二' },
    ))
  it('menus', () =>
    lifecycle(
      'SaveMenu',
      'Menu',
      'menu',
      {
        Path: '/hist',
        Name: 'Hist',
        Component: 'Layout',
        Hidden: false,
        AlwaysShow: true,
        MenuHidden: false,
        Open: false,
        ParentId: null,
        Meta: { title: 'Hist', titleZh: '历史', icon: 'setting' },
      },
      { Name: 'Hist2' },
    ))
  it('users: a create never records the password', async () => {
    const made = await save('SaveUser', {
      insertRecords: [
        { LoginName: 'histuser', Password: 'Secret-pass-123', RealName: 'H', Role: 'staff' },
      ],
    })
    expect(made.status, made.msg).toBe(200)
    const id = await newest('users')
    expect((await save('SaveUser', { updateRecords: [{ Id: id, Ban: true }] })).status).toBe(200)
    const entries = await historyOf('User', id)
    expect(entries.map((e) => e.Action)).toEqual(['update', 'create'])
    expect(entries[1]!.Changes).toContainEqual({ field: 'LoginName', old: null, new: 'histuser' })
    expect(JSON.stringify(entries)).not.toMatch(/Secret-pass|password|hash/i)
  })
  it('roles: create and delete by code', async () => {
    const made = await save('SaveRole', {
      insertRecords: [
        {
          Code: 'histrole',
          Name: '历史角色',
          NameEn: 'History role',
          Abilities: ['READ'],
          Permissions: [],
          MenuIds: [],
        },
      ],
    })
    expect(made.status, made.msg).toBe(200)
    expect((await save('SaveRole', { removeRecords: [{ Code: 'histrole' }] })).status).toBe(200)
    expect((await historyOf('Role', 'histrole')).map((e) => e.Action)).toEqual(['delete', 'create'])
  })
})

describe('a refused save leaves no history row (same transaction)', () => {
  it('content: an edit refused on its second record', async () => {
    const before = await countRows()
    const r = await save(
      'SaveEquipment',
      {
        updateRecords: [
          { Id: 1, Quantity: 9 },
          { Id: 1, Quantity: -1 },
        ],
      },
      'editor',
    )
    expect(r.status).toBe(400)
    const cat = await save('SaveContact', { updateRecords: [{ Phone: 'abc' }] }, 'editor')
    expect(cat.status).toBe(400)
    expect(await countRows()).toBe(before)
  })
  it('system settings: a delete that names a missing record', async () => {
    const dep = await save('SaveDepartment', {
      insertRecords: [{ Name: '留存部', ParentId: null }],
    })
    expect(dep.status).toBe(200)
    const id = await newest('department')
    const before = await countRows()
    const r = await save('SaveDepartment', { removeRecords: [{ Id: id }, { Id: 9_999_999 }] })
    expect(r.status).toBe(400)
    expect(await countRows()).toBe(before)
  })
  it('orders: a refused audit, and a delete that names a missing order', async () => {
    const made = await save('SaveOrder', {
      insertRecords: [{ OrderNo: 'HF-1', Customer: 'A', PartName: 'P', Quantity: 1, UnitPrice: 1 }],
    })
    expect(made.status, made.msg).toBe(200)
    const id = Number(
      (
        await t.db.db
          .selectFrom('orders')
          .select('id')
          .where('order_no', '=', 'HF-1')
          .executeTakeFirstOrThrow()
      ).id,
    )
    const before = await countRows()
    const audit = await save('AuditOrder', {
      updateRecords: [
        { Id: id, AuditStatus: 1 },
        { Id: 9_999_999, AuditStatus: 1 },
      ],
    })
    expect(audit.status).toBe(400)
    const del = await save('SaveOrder', { removeRecords: [{ Id: id }, { Id: 9_999_999 }] })
    expect(del.status).toBe(400)
    expect(await countRows()).toBe(before)
  })
})

describe('a delete in the operation log opens the deleted record (administrators only)', () => {
  it('History/GetDeleted {logId}: the deletions of that log line; other lines none; 403 to others', async () => {
    const made = await save('SaveDepartment', {
      insertRecords: [{ Name: '日志部', ParentId: null }],
    })
    expect(made.status, made.msg).toBe(200)
    const id = await newest('department')
    expect((await save('SaveDepartment', { removeRecords: [{ Id: id }] })).status).toBe(200)
    const lines = await t.db.db
      .selectFrom('system_log')
      .select(['id', 'result'])
      .where('operation', '=', 'PostCommon SaveDepartment')
      .orderBy('id', 'desc')
      .execute()
    const [removal, insert] = lines
    expect(removal!.result).toMatch(/removed 1/)
    const deleted = await post<{ result: { RecordType: string; RecordId: string }[] }>(
      t,
      tokens.admin,
      'History/GetDeleted',
      { logId: removal!.id },
      'en',
    )
    expect(deleted.status, deleted.msg).toBe(200)
    expect(deleted.data.result.map((r) => [r.RecordType, r.RecordId])).toEqual([
      ['Department', String(id)],
    ])
    const none = await post<{ result: unknown[] }>(
      t,
      tokens.admin,
      'History/GetDeleted',
      { logId: insert!.id },
      'en',
    )
    expect(none.data.result).toEqual([])
    expect(
      (await post(t, tokens.editor, 'History/GetDeleted', { logId: removal!.id }, 'en')).status,
    ).toBe(403)
  })
})
