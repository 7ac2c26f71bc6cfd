import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicRoutes } from './public-endpoints.ts'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

let t: TestApp
const tokens: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

type Who = 'admin' | 'editor' | 'staff' | 'anonymous'
type Body = { code: number; msg: string; data: unknown; errors?: Record<string, string> }
const headers = (who: Who, lang = 'zh') => ({
  lang,
  ...(who === 'anonymous' ? {} : { authorization: `Bearer ${tokens[who]}` }),
})
const save = async (who: Who, payload: unknown, lang = 'zh') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/User/SaveColumnPrefs',
    payload: payload as object,
    headers: headers(who, lang),
  })
  return { status: res.statusCode, body: res.json() as Body }
}
const read = async (who: Who, grid: string, lang = 'zh') => {
  const res = await t.app.inject({
    url: `/api/User/GetColumnPrefs?grid=${encodeURIComponent(grid)}`,
    headers: headers(who, lang),
  })
  return { status: res.statusCode, body: res.json() as Body }
}
const rows = () => t.db.db.selectFrom('column_prefs').selectAll().execute()

describe('column prefs per user on the server', () => {
  it('saves and reads back as the same user; another user and another grid see nothing', async () => {
    const prefs = { order: ['Quantity', 'OrderNo', 'CustomerName'], hidden: ['Remark'] }
    expect((await read('editor', 'Order')).body).toMatchObject({ code: 200, data: null })
    const r = await save('editor', { grid: 'Order', ...prefs })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ code: 200, data: prefs })
    expect((await read('editor', 'Order')).body).toMatchObject({ code: 200, data: prefs })
    expect((await read('staff', 'Order')).body).toMatchObject({ code: 200, data: null })
    expect((await read('editor', 'Purchase')).body).toMatchObject({ code: 200, data: null })
    // a later save replaces the earlier one; empty lists remove the row
    await save('staff', { grid: 'Order', order: ['OrderNo'], hidden: [] })
    await save('editor', { grid: 'Order', order: [], hidden: ['OrderNo'] })
    expect((await read('editor', 'Order')).body.data).toEqual({ order: [], hidden: ['OrderNo'] })
    expect((await read('staff', 'Order')).body.data).toEqual({ order: ['OrderNo'], hidden: [] })
    await save('editor', { grid: 'Order', order: [], hidden: [] })
    expect((await read('editor', 'Order')).body.data).toBeNull()
    expect((await rows()).map((x) => x.grid)).toEqual(['Order'])
  })

  it('refuses an anonymous caller and is not a public endpoint', async () => {
    expect(
      (await save('anonymous', { grid: 'Order', order: [], hidden: ['OrderNo'] })).status,
    ).toBe(401)
    expect((await read('anonymous', 'Order')).status).toBe(401)
    expect(publicRoutes).not.toContain('POST /api/User/SaveColumnPrefs')
    expect(publicRoutes).not.toContain('GET /api/User/GetColumnPrefs')
  })

  const zhColumn = '列名应为字母开头的字母、数字或下划线，最多64位，且不能重复'
  const enColumn =
    'A column name has letters, digits or _, starts with a letter, is at most 64 long and appears once'
  const bad: [string, unknown, string, string, string][] = [
    [
      'unknown grid',
      { grid: 'users', order: [], hidden: [] },
      'grid',
      '未知的表格',
      'Unknown grid',
    ],
    [
      'too many columns',
      { grid: 'Order', order: Array.from({ length: 101 }, (_, i) => `C${i}`), hidden: [] },
      'order',
      '列数超过上限（最多100列）',
      'Too many columns (at most 100)',
    ],
    [
      'column name too long',
      { grid: 'Order', order: ['a'.repeat(65)], hidden: [] },
      'order.0',
      zhColumn,
      enColumn,
    ],
    [
      'column name with markup',
      { grid: 'Order', order: [], hidden: ['<img src=x>'] },
      'hidden.0',
      zhColumn,
      enColumn,
    ],
    [
      'column not a string',
      { grid: 'Order', order: [42], hidden: [] },
      'order.0',
      zhColumn,
      enColumn,
    ],
    [
      'duplicate column',
      { grid: 'Order', order: ['OrderNo', 'OrderNo'], hidden: [] },
      'order',
      zhColumn,
      enColumn,
    ],
    [
      'list not an array',
      { grid: 'Order', order: 'OrderNo', hidden: [] },
      'order',
      zhColumn,
      enColumn,
    ],
  ]
  it.each(bad)(
    'refuses %s with a translated message and changes nothing',
    async (_n, payload, field, zh, en) => {
      await save('admin', { grid: 'Order', order: ['OrderNo'], hidden: [] })
      const before = await rows()
      const inZh = await save('admin', payload)
      expect(inZh.status).toBe(400)
      expect(inZh.body.code).toBe(400)
      expect(inZh.body.errors?.[field]).toBe(zh)
      expect((await save('admin', payload, 'en')).body.errors?.[field]).toBe(en)
      expect(await rows()).toEqual(before)
    },
  )

  it('refuses unknown fields, a user id in the body, an unknown grid to read and a huge body', async () => {
    expect((await save('staff', { grid: 'Order', order: [], hidden: [], userId: 1 })).status).toBe(
      400,
    )
    const r = await read('staff', 'users')
    expect(r.status).toBe(400)
    expect(r.body.errors?.grid).toBe('未知的表格')
    const huge = await save('staff', { grid: 'Order', order: ['x'.repeat(40_000)], hidden: [] })
    expect(huge.status).toBe(413)
    expect(huge.body.code).toBe(413)
    expect((await save('staff', 'not json')).status).toBe(400)
  })
})
