import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { post, postCommon } from './helpers/system-calls.ts'
import { createTestApp, signIn, testPasswords, type TestApp } from './helpers/test-app.ts'

/**
 * The answers and saves the version mechanism reached last: the admin menu tree, the category
 * list, the about page carry the stored `RowVersion`; a user's own profile save and password
 * change raise the users row's version like every other write of it.
 */
let t: TestApp
const tok: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp()
  for (const u of ['admin', 'editor', 'staff']) tok[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

const saved = async (who: string, postUrl: string, postData: Record<string, unknown[]>) => {
  const r = await postCommon(t, tok[who]!, postUrl, postData)
  expect(r.status, JSON.stringify(r)).toBe(200)
}
const stored = async (
  table: 'menu' | 'product_category' | 'page' | 'users',
  col: string,
  key: unknown,
) =>
  Number(
    (
      await t.db.db
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the four tables by name
        .selectFrom(table as any)
        .select('row_version')
        .where(col, '=', key)
        .executeTakeFirstOrThrow()
    ).row_version,
  )

type MenuRow = { id: number; RowVersion?: number; children?: MenuRow[] }
const flat = (rows: MenuRow[]): MenuRow[] => rows.flatMap((r) => [r, ...flat(r.children ?? [])])

describe('answers carry the stored RowVersion', () => {
  it('Menu/GetList: every entry has its version, raised by a save; the user menu has none', async () => {
    const tree = async () => flat((await post<MenuRow[]>(t, tok.admin, 'Menu/GetList')).data)
    const before = await tree()
    expect(before.length).toBeGreaterThan(1)
    for (const m of before) expect(m.RowVersion).toBe(await stored('menu', 'id', m.id))
    const leaf = before.find((m) => !m.children?.length)!
    await saved('admin', 'SaveMenu', {
      updateRecords: [{ Id: leaf.id, Sort: 77, RowVersion: leaf.RowVersion }],
    })
    const after = (await tree()).find((m) => m.id === leaf.id)!
    expect(after.RowVersion).toBe(leaf.RowVersion! + 1)
    expect(after.RowVersion).toBe(await stored('menu', 'id', leaf.id))
    const mine = flat((await post<MenuRow[]>(t, tok.staff, 'Menu/GetUserMenuList')).data)
    expect(mine.length).toBeGreaterThan(0)
    for (const m of mine) expect(m).not.toHaveProperty('RowVersion')
  })

  it('CommonData/GetList: staff and visitors read each category version, raised by a save', async () => {
    type Cat = { Id: number; TitleEn: string; RowVersion?: number }
    const list = async (token?: string) =>
      (await post<{ result: Cat[] }>(t, token, 'CommonData/GetList', {})).data.result
    const cats = await list(tok.editor)
    expect(cats.length).toBeGreaterThan(0)
    for (const c of cats) expect(c.RowVersion).toBe(await stored('product_category', 'id', c.Id))
    const one = cats[0]!
    await saved('editor', 'SaveCategory', {
      updateRecords: [{ Id: one.Id, TitleEn: 'Versioned', RowVersion: one.RowVersion }],
    })
    const res = await t.app.inject({ method: 'GET', url: '/api/CommonData/GetList' })
    const visitor = (res.json() as { data: { result: Cat[] } }).data.result
    const again = visitor.find((c) => c.Id === one.Id)!
    expect(again.TitleEn).toBe('Versioned')
    expect(again.RowVersion).toBe(one.RowVersion! + 1)
    expect(again.RowVersion).toBe(await stored('product_category', 'id', one.Id))
  })

  it('Content/About: the page version, read by the editor (POST) and visitors (GET), raised by a save', async () => {
    type About = { BodyEn: string; RowVersion?: number }
    const admin = async () => (await post<About>(t, tok.editor, 'Content/About')).data
    const before = await admin()
    expect(before.RowVersion).toBe(await stored('page', 'key', 'about'))
    await saved('editor', 'SaveAbout', {
      updateRecords: [{ BodyEn: 'We forge versions.', RowVersion: before.RowVersion }],
    })
    const res = await t.app.inject({ method: 'GET', url: '/api/Content/About' })
    const visitor = (res.json() as { data: About }).data
    expect(visitor.BodyEn).toBe('We forge versions.')
    expect(visitor.RowVersion).toBe(before.RowVersion! + 1)
    expect((await admin()).RowVersion).toBe(await stored('page', 'key', 'about'))
  })
})

describe("a user's own writes raise the users row's version", () => {
  const staffVersion = () => stored('users', 'login_name', 'staff')

  it('SaveMyProfile raises it by one', async () => {
    const before = await staffVersion()
    await saved('staff', 'SaveMyProfile', {
      updateRecords: [{ RealName: '王丽', NickName: '小王', Mobile: '', Email: '', Avatar: '' }],
    })
    expect(await staffVersion()).toBe(before + 1)
  })

  it('ModifyMyPass raises it by one; a refused change leaves it', async () => {
    const before = await staffVersion()
    const wrong = await post(t, tok.staff, 'User/ModifyMyPass', {
      oldPass: 'not-the-password-1',
      newPass: 'staff-new-pass-2',
    })
    expect(wrong.code).not.toBe(10000)
    expect(await staffVersion()).toBe(before)
    const done = await post(t, tok.staff, 'User/ModifyMyPass', {
      oldPass: testPasswords.staff,
      newPass: 'staff-new-pass-2',
    })
    expect(done.code, JSON.stringify(done)).toBe(10000)
    expect(await staffVersion()).toBe(before + 1)
  })
})
