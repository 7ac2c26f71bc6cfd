import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * Content management does the whole job. Partial saves leave absent fields alone,
 * spec rows carry both languages, a category with products is refused with its reason, every
 * save changes the content version stamp (visitors drop kept copies), and a removed or
 * unpublished product leaves its page and the sitemap.
 */
type Who = 'editor' | 'staff'
type Answer = { code: number; msg: string; data: unknown; errors?: Record<string, string> }

let t: TestApp
const tokens = {} as Record<Who, string>
beforeAll(async () => {
  t = await createTestApp()
  for (const u of ['editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

const save = async (
  postUrl: string,
  postData: Record<string, unknown[]>,
  { who = 'editor' as Who | null, lang = 'en' } = {},
) => {
  const headers: Record<string, string> = { lang }
  if (who) headers.authorization = `Bearer ${tokens[who]}`
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/PostData/PostCommon',
    payload: { postUrl, postData },
    headers,
  })
  return { status: res.statusCode, body: res.json() as Answer }
}
const get = async <T>(url: string) => (await t.app.inject(url)).json() as { code: number; data: T }
const staff = async <T>(url: string, payload: Record<string, unknown> = {}) =>
  (
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/${url}`,
        payload,
        headers: { authorization: `Bearer ${tokens.editor}` },
      })
    ).json() as { data: T }
  ).data
const version = async () => (await get<{ Version: string }>('/api/Content/Version')).data.Version
const img = (n: number) => ({
  url: `/uploads/demo/product-0${n}.webp`,
  thumb: `/uploads/demo/product-0${n}-sm.webp`,
})

type AdminProduct = {
  Id: number
  CategoryId: number
  Title: string
  TitleEn: string
  PartNo: string
  Summary: string
  Body: string
  Specs: { Value: string; ValueEn: string }[]
  Images: unknown[]
  MissingEn: string[]
  Published: boolean
  RowVersion: number
}
const adminProduct = async (id: number) =>
  (await staff<{ result: AdminProduct[] }>('Product/GetAdminList', { pageSize: 1000 })).result.find(
    (p) => p.Id === id,
  )

describe('a partial update changes only the fields it names ', () => {
  it('SaveContact with only the phone keeps fax, mail, website and the rest', async () => {
    const before = await staff<Record<string, string>>('Contact/GetAdmin')
    expect(before.Fax).not.toBe('')
    expect(
      (await save('SaveContact', { updateRecords: [{ Phone: '0519-86001234' }] })).body.code,
    ).toBe(200)
    const after = await staff<Record<string, string>>('Contact/GetAdmin')
    expect(after).toEqual({
      ...before,
      Phone: '0519-86001234',
      UpdateTime: after.UpdateTime,
      RowVersion: Number(before.RowVersion) + 1,
    })
    const pub = (
      await get<{ Fax: string; Mail: string; Website: string; Phone: string }>(
        '/api/Content/Contact',
      )
    ).data
    expect(pub).toMatchObject({
      Phone: '0519-86001234',
      Fax: before.Fax,
      Mail: before.Mail,
      Website: before.Website,
    })
    // and back: restoring the phone leaves the others as they are
    await save('SaveContact', { updateRecords: [{ Fax: before.Fax }] })
    expect((await staff<Record<string, string>>('Contact/GetAdmin')).Phone).toBe('0519-86001234')
  })

  it('every other content save: one field sent, every other field unchanged', async () => {
    const slides = await staff<{ result: Record<string, unknown>[] }>('Carousel/GetAdminList')
    const slide = slides.result[0]!
    await save('SaveCarousel', { updateRecords: [{ Id: slide.Id, TitleEn: 'Only this' }] })
    const slideAfter = (
      await staff<{ result: Record<string, unknown>[] }>('Carousel/GetAdminList')
    ).result.find((s) => s.Id === slide.Id)
    expect(slideAfter).toEqual({
      ...slide,
      TitleEn: 'Only this',
      RowVersion: Number(slide.RowVersion) + 1,
    })

    const p = (await staff<{ result: AdminProduct[] }>('Product/GetAdminList', { pageSize: 1 }))
      .result[0]!
    await save('SaveProduct', { updateRecords: [{ Id: p.Id, PartNo: 'FL-PARTIAL-1' }] })
    const pAfter = (await adminProduct(p.Id))!
    expect({ ...pAfter, UpdateTime: undefined }).toEqual({
      ...p,
      PartNo: 'FL-PARTIAL-1',
      UpdateTime: undefined,
      RowVersion: p.RowVersion + 1,
    })

    const news = (await staff<{ result: Record<string, unknown>[] }>('News/GetAdminList'))
      .result[0]!
    await save('SaveNews', { updateRecords: [{ Id: news.Id, SummaryEn: 'Only the summary' }] })
    const newsAfter = (
      await staff<{ result: Record<string, unknown>[] }>('News/GetAdminList')
    ).result.find((n) => n.Id === news.Id)
    expect(newsAfter).toEqual({
      ...news,
      SummaryEn: 'Only the summary',
      RowVersion: Number(news.RowVersion) + 1,
    })

    const eq = (await staff<{ result: Record<string, unknown>[] }>('Equipment/GetAdminList'))
      .result[0]!
    await save('SaveEquipment', { updateRecords: [{ Id: eq.Id, Quantity: 7 }] })
    expect(
      (await staff<{ result: Record<string, unknown>[] }>('Equipment/GetAdminList')).result.find(
        (e) => e.Id === eq.Id,
      ),
    ).toEqual({ ...eq, Quantity: 7, RowVersion: Number(eq.RowVersion) + 1 })

    const cat = (await get<{ result: Record<string, unknown>[] }>('/api/CommonData/GetList')).data
      .result[0]!
    await save('SaveCategory', { updateRecords: [{ Id: cat.Id, Sort: 3 }] })
    expect(
      (
        await get<{ result: Record<string, unknown>[] }>('/api/CommonData/GetList')
      ).data.result.find((c) => c.Id === cat.Id),
    ).toEqual({ ...cat, Sort: 3, RowVersion: Number(cat.RowVersion) + 1 })

    const about = (await get<Record<string, unknown>>('/api/Content/About')).data
    await save('SaveAbout', { updateRecords: [{ TitleEn: 'About us, partly' }] })
    expect((await get<Record<string, unknown>>('/api/Content/About')).data).toEqual({
      ...about,
      TitleEn: 'About us, partly',
      RowVersion: Number(about.RowVersion) + 1,
    })
  })
})

describe('products: add in a new category with specs in both languages, then remove', () => {
  it('shows on the public list and detail in both languages; removed, its page and sitemap entry are gone', async () => {
    const v0 = await version()
    await save('SaveCategory', {
      insertRecords: [{ Title: '测试分类', TitleEn: 'Test category', Sort: 900 }],
    })
    const category = (
      await get<{ result: { Id: number; Title: string; ImgUrl: unknown[] }[] }>(
        '/api/CommonData/GetList',
      )
    ).data.result.find((c) => c.Title === '测试分类')!
    expect(category.ImgUrl).toEqual([])
    const added = await save('SaveProduct', {
      insertRecords: [
        {
          CategoryId: category.Id,
          Title: '测试法兰',
          TitleEn: 'Test flange',
          PartNo: 'FL-T-1',
          Body: '第一段\n\n## 标题\n\n- 一\n- 二',
          BodyEn: 'First\n\n## Heading',
          Specs: [
            { Name: '材料', NameEn: 'Material', Value: '42CrMo4', ValueEn: '' },
            {
              Name: '热处理',
              NameEn: 'Heat treatment',
              Value: '调质',
              ValueEn: 'Quenched and tempered',
            },
            { Name: '硬度', NameEn: 'Hardness', Value: '28–32 HRC' },
          ],
          Images: [img(1), img(2)],
        },
      ],
    })
    expect(added.body).toMatchObject({ code: 200, data: { inserted: 1 } })
    const v1 = await version()
    expect(v1).not.toBe(v0)
    const list = (
      await get<{ result: { Id: number; Title: string }[] }>(
        `/api/CommonData/GetProductList?sort=${category.Id}`,
      )
    ).data.result
    expect(list.map((p) => p.Title)).toEqual(['测试法兰'])
    const id = list[0]!.Id
    const detail = (
      await get<{ TitleEn: string; Specs: unknown[]; Images: unknown[] }>(
        `/api/CommonData/Get?id=${id}`,
      )
    ).data
    expect(detail.TitleEn).toBe('Test flange')
    expect(detail.Images).toEqual([img(1), img(2)])
    expect(detail.Specs).toEqual([
      { Name: '材料', NameEn: 'Material', Value: '42CrMo4', ValueEn: '' },
      { Name: '热处理', NameEn: 'Heat treatment', Value: '调质', ValueEn: 'Quenched and tempered' },
      { Name: '硬度', NameEn: 'Hardness', Value: '28–32 HRC', ValueEn: '' },
    ])
    expect((await t.app.inject('/sitemap.xml')).body).toContain(`/prodetail?id=${id}&amp;lang=en<`)

    // the category holds a product: removal refused with the reason, nothing removed
    const refused = await save('SaveCategory', { removeRecords: [{ Id: category.Id }] })
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual({
      'postData.removeRecords.0.Id':
        'This category still has products: move them to another category first, then remove it',
    })
    const zh = await save('SaveCategory', { removeRecords: [{ Id: category.Id }] }, { lang: 'zh' })
    expect(zh.body.errors!['postData.removeRecords.0.Id']).toBe(
      '该分类下还有产品，请先将产品移到其他分类再删除',
    )
    expect(
      (await get<{ result: { Id: number }[] }>('/api/CommonData/GetList')).data.result.map(
        (c) => c.Id,
      ),
    ).toContain(category.Id)
    expect(await version()).toBe(v1)

    // unpublished: not found and out of the sitemap; published again, back
    await save('SaveProduct', { updateRecords: [{ Id: id, Published: false }] })
    expect((await get(`/api/CommonData/Get?id=${id}`)).code).toBe(404)
    expect((await t.app.inject('/sitemap.xml')).body).not.toContain(
      `/prodetail?id=${id}&amp;lang=en<`,
    )
    await save('SaveProduct', { updateRecords: [{ Id: id, Published: true }] })
    expect((await get(`/api/CommonData/Get?id=${id}`)).code).toBe(200)

    // removed: not found, out of the sitemap, and the empty category can go
    expect((await save('SaveProduct', { removeRecords: [{ Id: id }] })).body.data).toMatchObject({
      removed: 1,
    })
    expect((await get(`/api/CommonData/Get?id=${id}`)).code).toBe(404)
    expect((await t.app.inject('/sitemap.xml')).body).not.toContain(
      `/prodetail?id=${id}&amp;lang=en<`,
    )
    expect(
      (await save('SaveCategory', { removeRecords: [{ Id: category.Id }] })).body.data,
    ).toMatchObject({ removed: 1 })
  })

  it('moving every product out of a category (one SaveProduct call) lets it be removed', async () => {
    await save('SaveCategory', { insertRecords: [{ Title: '搬迁分类', Sort: 901 }] })
    const cats = (await get<{ result: { Id: number; Title: string }[] }>('/api/CommonData/GetList'))
      .data.result
    const from = cats.find((c) => c.Title === '搬迁分类')!
    const to = cats[0]!
    await save('SaveProduct', {
      insertRecords: [1, 2].map((n) => ({
        CategoryId: from.Id,
        Title: `搬迁产品${n}`,
        Images: [img(n)],
      })),
    })
    const held = (
      await staff<{ result: AdminProduct[] }>('Product/GetAdminList', { categoryId: from.Id })
    ).result
    expect(held).toHaveLength(2)
    const moved = await save('SaveProduct', {
      updateRecords: held.map((p) => ({ Id: p.Id, CategoryId: to.Id })),
    })
    expect(moved.body.data).toMatchObject({ updated: 2 })
    expect(
      (await save('SaveCategory', { removeRecords: [{ Id: from.Id }] })).body.data,
    ).toMatchObject({ removed: 1 })
  })

  it('flags a Chinese spec value without English; the demo data holds both languages', async () => {
    const all = (
      await staff<{ result: AdminProduct[] }>('Product/GetAdminList', { pageSize: 1000 })
    ).result
    // demo values such as "调质 + 中频感应淬火 / Q&T + induction hardening" are parted
    const parted = all
      .flatMap((p) => p.Specs)
      .find((s) => s.ValueEn === 'Q&T + induction hardening')
    expect(parted?.Value).toBe('调质 + 中频感应淬火')
    // no value keeps both languages in one string ("4.11 / 4.55" has no language and stays)
    expect(
      all.flatMap((p) => p.Specs).filter((s) => /\p{Script=Han}.* \/ [A-Za-z]/u.test(s.Value)),
    ).toEqual([])
    const p = all[0]!
    await save('SaveProduct', {
      updateRecords: [
        { Id: p.Id, Specs: [{ Name: '热处理', NameEn: 'Heat treatment', Value: '淬火' }] },
      ],
    })
    expect((await adminProduct(p.Id))!.MissingEn).toContain('Specs.0.ValueEn')
  })
})

describe('validation: each rule refused with its message, nothing stored, version unchanged', () => {
  it('product, slide, news and equipment records', async () => {
    const v = await version()
    const count = async () =>
      (await staff<{ total: number }>('Product/GetAdminList', { pageSize: 1 })).total
    const before = await count()
    const cat = (await get<{ result: { Id: number }[] }>('/api/CommonData/GetList')).data.result[0]!
      .Id
    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        'SaveProduct',
        { CategoryId: cat, Title: '', Images: [img(1)] },
        'Title',
        'This field is required',
      ],
      [
        'SaveProduct',
        { CategoryId: cat, Title: 'x', Images: [] },
        'Images',
        'Please upload an image',
      ],
      [
        'SaveProduct',
        { CategoryId: cat, Title: 'x', Images: [1, 2, 3, 4, 5, 6, 1].map((n) => img(n)) },
        'Images',
        'Too many images',
      ],
      [
        'SaveProduct',
        { CategoryId: 999_999, Title: 'x', Images: [img(1)] },
        'CategoryId',
        'Please choose a product category',
      ],
      [
        'SaveProduct',
        { CategoryId: cat, Title: 'x', Images: [{ url: '/uploads/x.svg' }] },
        'Images.0.url',
        'Please upload an image',
      ],
      [
        'SaveProduct',
        { CategoryId: cat, Title: 'x', Images: [img(1)], Specs: [{ Name: '', Value: 'v' }] },
        'Specs.0.Name',
        'This field is required',
      ],
      [
        'SaveProduct',
        {
          CategoryId: cat,
          Title: 'x',
          Images: [img(1)],
          Specs: [{ Name: 'n', Value: 'v', ValueEn: 'x'.repeat(301) }],
        },
        'Specs.0.ValueEn',
        'This is too long',
      ],
      [
        'SaveCarousel',
        { Image: '/uploads/demo/carousel-1.webp', Link: '//evil.test' },
        'Link',
        'The link must be a site path (starting with /) or an http(s) URL',
      ],
      ['SaveCarousel', { Image: '' }, 'Image', 'Please upload an image'],
      [
        'SaveNews',
        { Title: 'x', Gallery: [{ url: 'https://evil.test/a.png' }] },
        'Gallery.0.url',
        'Please upload an image',
      ],
      [
        'SaveEquipment',
        { Name: 'x', Gallery: Array.from({ length: 7 }, () => img(1)) },
        'Gallery',
        'Too many images',
      ],
    ]
    for (const [postUrl, rec, field, message] of cases) {
      const r = await save(postUrl, { insertRecords: [rec] })
      expect(r.status, `${postUrl} ${field}`).toBe(400)
      const text = r.body.errors?.[`postData.insertRecords.0.${field}`]
      expect(text, `${postUrl} ${field}: ${JSON.stringify(r.body.errors)}`).toBeTruthy()
      expect(text).toBe(message)
    }
    expect(await count()).toBe(before)
    expect(await version()).toBe(v)
  })
})

describe('permissions of every content save: anonymous 401, staff 403, editor 200', () => {
  it('news with a gallery, equipment with a gallery, a slide', async () => {
    const ops: [string, Record<string, unknown>][] = [
      ['SaveNews', { Title: '画廊新闻', Gallery: [img(1), img(2)], Published: false }],
      ['SaveEquipment', { Name: '画廊设备', Gallery: [img(3)] }],
      ['SaveCarousel', { Image: '/uploads/demo/carousel-1.webp', Title: '新图' }],
      ['SaveCategory', { Title: '权限分类' }],
    ]
    for (const [postUrl, rec] of ops) {
      expect((await save(postUrl, { insertRecords: [rec] }, { who: null })).status, postUrl).toBe(
        401,
      )
      expect(
        (await save(postUrl, { insertRecords: [rec] }, { who: 'staff' })).status,
        postUrl,
      ).toBe(403)
      expect((await save(postUrl, { insertRecords: [rec] })).body, postUrl).toMatchObject({
        code: 200,
        data: { inserted: 1 },
      })
    }
    const news = (
      await staff<{ result: { Title: string; Gallery: unknown[] }[] }>('News/GetAdminList')
    ).result.find((n) => n.Title === '画廊新闻')!
    expect(news.Gallery).toEqual([img(1), img(2)])
    const eq = (
      await get<{ Name: string; Gallery: unknown[] }[]>('/api/Equipment/GetList')
    ).data.find((e) => e.Name === '画廊设备')!
    expect(eq.Gallery).toEqual([{ url: img(3).url }])
  })
})
