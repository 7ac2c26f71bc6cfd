import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

let t: TestApp
const tokens: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp()
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

type Answer = { code: number; msg: string; data: unknown; errors?: Record<string, string> }
const save = async (
  who: string,
  postUrl: string,
  postData: Record<string, unknown[]>,
  lang = 'zh',
) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/PostData/PostCommon',
    payload: { postUrl, postData },
    headers: { authorization: `Bearer ${tokens[who]}`, lang },
  })
  return { status: res.statusCode, body: res.json() as Answer }
}
const get = async <T>(url: string) => ((await t.app.inject(url)).json() as { data: T }).data
const staffPost = async <T>(url: string, payload: Record<string, unknown> = {}) =>
  (
    (
      await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { authorization: `Bearer ${tokens.editor}` },
      })
    ).json() as {
      data: T
    }
  ).data
const img = (n: number) => ({
  url: `/uploads/demo/product-0${n}.webp`,
  thumb: `/uploads/demo/product-0${n}-sm.webp`,
})

describe('carousel saves', () => {
  it('adds, reorders and disables slides; the public carousel follows at once', async () => {
    const added = await save('editor', 'SaveCarousel', {
      insertRecords: [
        {
          Image: '/uploads/demo/carousel-1.webp',
          Title: '新幻灯片',
          TitleEn: 'New slide',
          Link: '/products?sort=1',
          Sort: 99,
        },
      ],
    })
    expect(added.body).toMatchObject({ code: 200, data: { inserted: 1 } })
    const all = await staffPost<{ result: { Id: number; Title: string; Sort: number }[] }>(
      '/api/Carousel/GetAdminList',
    )
    const mine = all.result.find((s) => s.Title === '新幻灯片')!
    const first = all.result[0]!
    await save('editor', 'SaveCarousel', {
      updateRecords: [
        { Id: mine.Id, Sort: 0 },
        { Id: first.Id, Sort: 100 },
      ],
    })
    const slides = await get<{ Id: number }[]>('/api/Content/Carousel')
    expect(slides[0]!.Id).toBe(mine.Id)
    expect(slides.at(-1)!.Id).toBe(first.Id)
    await save('editor', 'SaveCarousel', { updateRecords: [{ Id: mine.Id, Enabled: false }] })
    expect((await get<{ Id: number }[]>('/api/Content/Carousel')).map((s) => s.Id)).not.toContain(
      mine.Id,
    )
    const admin = await staffPost<{ result: { Id: number; Enabled: boolean }[] }>(
      '/api/Carousel/GetAdminList',
    )
    expect(admin.result.find((s) => s.Id === mine.Id)!.Enabled).toBe(false)
  })

  it('refuses an image that was not uploaded here and a javascript: link, in both languages', async () => {
    const bad = { Image: 'https://evil.test/x.png', Link: 'javascript:alert(1)' }
    const zh = await save('editor', 'SaveCarousel', { insertRecords: [bad] })
    expect(zh.status).toBe(400)
    expect(zh.body.errors).toEqual({
      'postData.insertRecords.0.Image': '请上传图片',
      'postData.insertRecords.0.Link': '链接应为站内路径（以 / 开头）或 http(s) 网址',
    })
    const en = await save('editor', 'SaveCarousel', { insertRecords: [bad] }, 'en')
    expect(en.body.errors!['postData.insertRecords.0.Link']).toBe(
      'The link must be a site path (starting with /) or an http(s) URL',
    )
  })
})

describe('product saves', () => {
  it('changes the English title and images; the public detail shows them on the next load', async () => {
    const list = await get<{ result: { Id: number }[] }>(
      '/api/CommonData/GetProductList?pageSize=1',
    )
    const id = list.result[0]!.Id
    const r = await save('editor', 'SaveProduct', {
      updateRecords: [{ Id: id, TitleEn: 'Forged crankshaft XL', Images: [img(1), img(2)] }],
    })
    expect(r.body).toMatchObject({ code: 200, data: { updated: 1 } })
    const detail = await get<{ TitleEn: string; Images: { url: string; thumb: string }[] }>(
      `/api/CommonData/Get?id=${id}`,
    )
    expect(detail.TitleEn).toBe('Forged crankshaft XL')
    expect(detail.Images).toEqual([img(1), img(2)])
  })

  it('adds an unpublished product that only the staff list shows, flagged for missing English', async () => {
    const cats = await get<{ result: { Id: number }[] }>('/api/CommonData/GetList')
    const categoryId = cats.result[0]!.Id
    const r = await save('editor', 'SaveProduct', {
      insertRecords: [
        {
          CategoryId: categoryId,
          Title: '测试连杆',
          PartNo: 'T-001',
          Summary: '中文摘要',
          Specs: [{ Name: '材料', Value: '42CrMo' }],
          Images: [img(3)],
          Published: false,
        },
      ],
    })
    expect(r.body).toMatchObject({ code: 200, data: { inserted: 1 } })
    const pub = await get<{ result: { PartNo: string }[] }>(
      '/api/CommonData/GetProductList?keyword=T-001',
    )
    expect(pub.result).toHaveLength(0)
    const admin = await staffPost<{
      result: { Id: number; Published: boolean; MissingEn: string[] }[]
      total: number
    }>('/api/Product/GetAdminList', { keyword: 'T-001', categoryId, missingEn: true })
    expect(admin.total).toBe(1)
    expect(admin.result[0]).toMatchObject({
      Published: false,
      MissingEn: ['TitleEn', 'SummaryEn', 'Specs.0.NameEn'],
    })
    await save('editor', 'SaveProduct', {
      updateRecords: [{ Id: admin.result[0]!.Id, Published: true }],
    })
    expect(
      (await get<{ result: unknown[] }>('/api/CommonData/GetProductList?keyword=T-001')).result,
    ).toHaveLength(1)
  })

  it('lists staff products in sort order: one created with sort 1 is on the first page', async () => {
    const cats = await get<{ result: { Id: number }[] }>('/api/CommonData/GetList')
    const first = cats.result[0]!.Id
    const last = cats.result.at(-1)!.Id
    // enough products of the first category (default sort 10) to fill more than one page
    const fillers = Array.from({ length: 21 }, (_, i) => ({
      CategoryId: first,
      Title: `填充${i}`,
      Images: [img(1)],
      Sort: 10,
    }))
    expect((await save('editor', 'SaveProduct', { insertRecords: fillers })).body.code).toBe(200)
    const r = await save('editor', 'SaveProduct', {
      insertRecords: [
        { CategoryId: last, Title: '排序一号', PartNo: 'SORT-1', Images: [img(2)], Sort: 1 },
      ],
    })
    expect(r.body.code).toBe(200)
    const page = await staffPost<{ result: { Title: string; Sort: number }[]; total: number }>(
      '/api/Product/GetAdminList',
      { pageIndex: 1, pageSize: 20 },
    )
    expect(page.total).toBeGreaterThan(20)
    expect(page.result.map((p) => p.Title)).toContain('排序一号')
    const sorts = page.result.map((p) => p.Sort)
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b))
  })

  it('rejects bad records with messages in zh and en and stores nothing', async () => {
    const before = await t.db.db
      .selectFrom('product')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const records = {
      insertRecords: [
        { CategoryId: 1, Title: '合法', Images: [img(1)] },
        { CategoryId: 99999, Title: '', Images: [1, 2, 3, 4, 5, 6, 7].map(() => img(1)) },
        { CategoryId: 1, Title: '无图', Images: [] },
      ],
    }
    const zh = await save('editor', 'SaveProduct', records)
    expect(zh.status).toBe(400)
    expect(zh.body.errors).toMatchObject({
      'postData.insertRecords.1.Title': '此项为必填项',
      'postData.insertRecords.1.Images': '图片数量超过上限',
      'postData.insertRecords.2.Images': '请上传图片',
    })
    const en = await save('editor', 'SaveProduct', records, 'en')
    expect(en.body.errors).toMatchObject({
      'postData.insertRecords.1.Title': 'This field is required',
      'postData.insertRecords.1.Images': 'Too many images',
      'postData.insertRecords.2.Images': 'Please upload an image',
    })
    const unknownCategory = await save(
      'editor',
      'SaveProduct',
      { insertRecords: [{ CategoryId: 99999, Title: '新', Images: [img(1)] }] },
      'en',
    )
    expect(unknownCategory.body.errors).toEqual({
      'postData.insertRecords.0.CategoryId': 'Please choose a product category',
    })
    const after = await t.db.db
      .selectFrom('product')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })
})

describe('categories', () => {
  it('adds and renames a category, and refuses to remove one that has products', async () => {
    const r = await save('editor', 'SaveCategory', {
      insertRecords: [
        {
          Title: '新分类',
          TitleEn: 'New',
          ImgUrl: [{ url: '/uploads/demo/category-1.webp' }],
          Sort: 50,
        },
      ],
    })
    expect(r.body.code).toBe(200)
    const cats = await get<{ result: { Id: number; Title: string; TitleEn: string }[] }>(
      '/api/CommonData/GetList',
    )
    const mine = cats.result.find((c) => c.Title === '新分类')!
    await save('editor', 'SaveCategory', {
      updateRecords: [{ Id: mine.Id, TitleEn: 'New category' }],
    })
    expect(
      (
        await get<{ result: { Id: number; TitleEn: string }[] }>('/api/CommonData/GetList')
      ).result.find((c) => c.Id === mine.Id)!.TitleEn,
    ).toBe('New category')
    const used = cats.result[0]!.Id
    const refused = await save(
      'editor',
      'SaveCategory',
      { removeRecords: [{ Id: used }, { Id: mine.Id }] },
      'en',
    )
    expect(refused.body.errors).toEqual({
      'postData.removeRecords.0.Id':
        'This category still has products: move them to another category first, then remove it',
    })
    expect(
      (await get<{ result: { Id: number }[] }>('/api/CommonData/GetList')).result.map((c) => c.Id),
    ).toContain(mine.Id)
    expect(
      (await save('editor', 'SaveCategory', { removeRecords: [{ Id: mine.Id }] })).body.data,
    ).toMatchObject({ removed: 1 })
  })
})

describe('contact, about, news, equipment', () => {
  it('saves the contact record incl. QR images and validates phone, mail and website', async () => {
    const r = await save('editor', 'SaveContact', {
      updateRecords: [{ Phone: '0571-88886666', Qr2: '', Qr1Title: '官网' }],
    })
    expect(r.body.code).toBe(200)
    const c = await get<{ Phone: string; Qr: { Title: string }[] }>('/api/Content/Contact')
    expect(c.Phone).toBe('0571-88886666')
    expect(c.Qr).toEqual([expect.objectContaining({ Title: '官网' })])
    const admin = await staffPost<{ Qr2: string; Phone: string }>('/api/Contact/GetAdmin')
    expect(admin).toMatchObject({ Qr2: '', Phone: '0571-88886666' })
    const bad = await save(
      'editor',
      'SaveContact',
      { updateRecords: [{ Phone: 'abc', Mail: 'x@', Website: 'ftp://x' }] },
      'en',
    )
    expect(bad.body.errors).toEqual({
      'postData.updateRecords.0.Phone': 'The telephone number format is incorrect',
      'postData.updateRecords.0.Mail': 'The e-mail format is incorrect',
      'postData.updateRecords.0.Website': 'The URL format is incorrect',
    })
    expect((await get<{ Phone: string }>('/api/Content/Contact')).Phone).toBe('0571-88886666')
  })

  it('saves the about page', async () => {
    await save('editor', 'SaveAbout', {
      updateRecords: [
        { BodyEn: 'We forge parts.', Images: [{ url: '/uploads/demo/about-1.webp' }] },
      ],
    })
    const about = await get<{ BodyEn: string; Images: { url: string }[] }>('/api/Content/About')
    expect(about).toMatchObject({
      BodyEn: 'We forge parts.',
      Images: [{ url: '/uploads/demo/about-1.webp' }],
    })
  })

  it('adds news with the date it is given, and dates news given none', async () => {
    const added = await save('editor', 'SaveNews', {
      insertRecords: [
        { Title: '旧闻补录', Body: '正文', Published: true, PublishedAt: '2024-05-06' },
        { Title: '今日新闻', Body: '正文', Published: true },
      ],
    })
    expect(added.body).toMatchObject({ code: 200, data: { inserted: 2 } })
    const dated = await staffPost<{ result: { Id: number; PublishedAt: string }[] }>(
      '/api/News/GetAdminList',
      { keyword: '旧闻补录' },
    )
    expect(dated.result).toEqual([expect.objectContaining({ PublishedAt: '2024-05-06' })])
    expect(
      await get<{ PublishedAt: string }>(`/api/News/Get?id=${dated.result[0]!.Id}`),
    ).toMatchObject({ PublishedAt: expect.stringMatching(/^2024-05-06/) })
    const undated = await staffPost<{ result: { PublishedAt: string }[] }>(
      '/api/News/GetAdminList',
      { keyword: '今日新闻' },
    )
    expect(undated.result[0]!.PublishedAt).toMatch(/^\d{4}-\d{2}-\d{2}/)
    expect(undated.result[0]!.PublishedAt.startsWith('2024-05-06')).toBe(false)
  })

  it('adds news unpublished, then publishes it; adds equipment', async () => {
    await save('editor', 'SaveNews', {
      insertRecords: [{ Title: '草稿新闻', Body: '正文', Published: false }],
    })
    const drafts = await staffPost<{ result: { Id: number; Published: boolean }[] }>(
      '/api/News/GetAdminList',
      { keyword: '草稿新闻' },
    )
    expect(drafts.result).toEqual([expect.objectContaining({ Published: false })])
    const id = drafts.result[0]!.Id
    expect((await t.app.inject(`/api/News/Get?id=${id}`)).statusCode).toBe(404)
    await save('editor', 'SaveNews', {
      updateRecords: [{ Id: id, Published: true, PublishedAt: '2099-01-01' }],
    })
    expect((await get<{ result: { Id: number }[] }>('/api/News/GetList')).result[0]!.Id).toBe(id)
    await save('editor', 'SaveEquipment', {
      insertRecords: [{ Name: '3000吨压力机', NameEn: '3000 t press', Quantity: 2, Sort: 0 }],
    })
    expect(
      (await get<{ NameEn: string }[]>('/api/Equipment/GetList')).map((e) => e.NameEn),
    ).toContain('3000 t press')
    const eq = await staffPost<{ total: number }>('/api/Equipment/GetAdminList')
    expect(eq.total).toBeGreaterThan(6)
  })
})

describe('visitor messages', () => {
  it('marks a message handled and filters by it', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/PostData/PostFrontCommon',
      payload: {
        postUrl: 'LeaveMessage',
        postData: { Name: '访客', Phone: '13800000000', Message: '询价' },
      },
    })
    const open = await staffPost<{ result: { Id: number; Name: string }[] }>(
      '/api/Leaving/GetList',
      { handled: false },
    )
    const msg = open.result.find((m) => m.Name === '访客')!
    expect(
      (await save('editor', 'SaveLeaving', { updateRecords: [{ Id: msg.Id, Handled: true }] })).body
        .data,
    ).toMatchObject({ updated: 1 })
    const handled = await staffPost<{ result: { Id: number }[] }>('/api/Leaving/GetList', {
      handled: true,
    })
    expect(handled.result.map((m) => m.Id)).toContain(msg.Id)
    const unknown = await save('editor', 'SaveLeaving', { updateRecords: [{ Id: 999999 }] }, 'en')
    expect(unknown.body.errors).toEqual({
      'postData.updateRecords.0.Id': 'The record does not exist or was deleted',
    })
  })
})

describe('permissions and caching', () => {
  it('gives staff 403 on every content save and the editor success', async () => {
    for (const postUrl of [
      'SaveCarousel',
      'SaveCategory',
      'SaveProduct',
      'SaveNews',
      'SaveEquipment',
      'SaveContact',
      'SaveAbout',
      'SaveLeaving',
      'SaveWechatUser',
    ]) {
      const r = await save('staff', postUrl, { updateRecords: [{ Id: 1 }] })
      expect(r.status, postUrl).toBe(403)
    }
    expect(
      (await save('editor', 'SaveEquipment', { updateRecords: [{ Id: 1, Quantity: 3 }] })).status,
    ).toBe(200)
  })

  it('lets public reads be revalidated on every load, so saves show at once', async () => {
    for (const url of [
      '/api/Content/Carousel',
      '/api/CommonData/GetProductList',
      '/api/Content/Contact',
      '/api/News/GetList',
    ]) {
      expect((await t.app.inject(url)).headers['cache-control']).toBe('public, no-cache')
    }
  })
})
