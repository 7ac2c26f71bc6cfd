import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Page<T> = { code: number; data: { result: T[]; total: number } }
const get = async <T>(url: string) => (await t.app.inject(url)).json() as T

describe('public catalogue reads', () => {
  it('lists product categories with the SPEC query (type 20, parentId 0, view 1, pageSize 99999)', async () => {
    const body = await get<
      Page<{ Id: number; Title: string; TitleEn: string; ImgUrl: { url: string }[] }>
    >('/api/CommonData/GetList?type=20&parentId=0&view=1&pageIndex=1&pageSize=99999')
    expect(body.code).toBe(200)
    expect(body.data.result.length).toBeGreaterThanOrEqual(6)
    expect(body.data.total).toBe(body.data.result.length)
    expect(body.data.result[0]!.ImgUrl[0]!.url).toMatch(/^\/uploads\//)
  })

  it('filters products by category (sort) and pages them', async () => {
    const cats = await get<Page<{ Id: number }>>('/api/CommonData/GetList')
    const catId = cats.data.result[2]!.Id
    const body = await get<Page<{ CategoryId: number }>>(
      `/api/CommonData/GetProductList?sort=${catId}&pageSize=100`,
    )
    expect(body.data.result.length).toBeGreaterThan(0)
    expect(body.data.result.every((p) => p.CategoryId === catId)).toBe(true)
    const page1 = await get<Page<{ Id: number }>>(
      '/api/CommonData/GetProductList?pageIndex=1&pageSize=5',
    )
    const page2 = await get<Page<{ Id: number }>>(
      '/api/CommonData/GetProductList?pageIndex=2&pageSize=5',
    )
    expect(page1.data.result).toHaveLength(5)
    expect(page1.data.total).toBeGreaterThanOrEqual(30)
    expect(page2.data.result.map((p) => p.Id)).not.toContain(page1.data.result[0]!.Id)
  })

  it('answers the same call by POST with a JSON body', async () => {
    const viaGet = await get<unknown>('/api/CommonData/GetProductList?sort=1&pageSize=3')
    const viaPost = await t.app.inject({
      method: 'POST',
      url: '/api/CommonData/GetProductList',
      payload: { sort: 1, pageSize: 3 },
    })
    expect(viaPost.json()).toEqual(viaGet)
  })

  it('hides unpublished products from lists and detail', async () => {
    const hidden = await t.db.db
      .selectFrom('product')
      .select('id')
      .where('published', '=', 0)
      .executeTakeFirstOrThrow()
    const list = await get<Page<{ Id: number }>>('/api/CommonData/GetProductList?pageSize=1000')
    expect(list.data.result.map((p) => p.Id)).not.toContain(hidden.id)
    const detail = await t.app.inject(`/api/CommonData/Get?id=${hidden.id}`)
    expect(detail.statusCode).toBe(404)
    expect(detail.json()).toMatchObject({ code: 404 })
  })

  it('returns product detail with images and specification rows', async () => {
    const list = await get<Page<{ Id: number }>>('/api/CommonData/GetProductList?pageSize=1')
    const body = await get<{
      data: { Images: unknown[]; Specs: { Name: string }[]; CategoryTitle: string }
    }>(`/api/CommonData/Get?id=${list.data.result[0]!.Id}`)
    expect(body.data.Images.length).toBeGreaterThan(0)
    expect(body.data.Specs.length).toBeGreaterThan(0)
    expect(body.data.CategoryTitle).not.toBe('')
  })

  it('rejects a malformed id with 400 and an unknown one with 404', async () => {
    expect((await t.app.inject('/api/CommonData/Get?id=abc')).statusCode).toBe(400)
    expect((await t.app.inject('/api/CommonData/Get?id=99999')).statusCode).toBe(404)
  })

  it('serves carousel, contact, about, news and equipment', async () => {
    const carousel = await get<{ data: unknown[] }>('/api/Content/Carousel')
    expect(carousel.data.length).toBeGreaterThanOrEqual(3)
    const contact = await get<{ data: { Phone: string; Qr: unknown[] } }>('/api/Content/Contact')
    expect(contact.data.Phone).not.toBe('')
    expect(contact.data.Qr).toHaveLength(2)
    const about = await get<{ data: { Body: string; BodyEn: string } }>('/api/Content/About')
    expect(about.data.BodyEn).not.toBe('')
    const news = await get<Page<{ Id: number; PublishedAt: string }>>('/api/News/GetList')
    expect(news.data.total).toBeGreaterThanOrEqual(5)
    const dates = news.data.result.map((n) => n.PublishedAt)
    expect([...dates].sort().reverse()).toEqual(dates)
    const item = await get<{ data: { Body: string } }>(
      `/api/News/Get?id=${news.data.result[0]!.Id}`,
    )
    expect(item.data.Body).not.toBe('')
    const equipment = await get<{ data: unknown[] }>('/api/Equipment/GetList')
    expect(equipment.data.length).toBeGreaterThanOrEqual(6)
  })

  it('lets public reads be cached', async () => {
    const res = await t.app.inject('/api/Content/Carousel')
    expect(res.headers['cache-control']).toContain('public')
  })
})

describe('SEO basics', () => {
  it('serves robots.txt and a sitemap of public pages and published products', async () => {
    const robots = await t.app.inject({ url: '/robots.txt', headers: { host: 'forgeline.test' } })
    expect(robots.body).toContain('Sitemap: http://forgeline.test/sitemap.xml')
    expect(robots.body).toContain('Disallow: /api/')
    const map = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'forgeline.test' } })
    expect(map.headers['content-type']).toContain('application/xml')
    const published = await t.db.db
      .selectFrom('product')
      .select('id')
      .where('published', '=', 1)
      .execute()
    const hidden = await t.db.db
      .selectFrom('product')
      .select('id')
      .where('published', '=', 0)
      .execute()
    for (const p of published)
      expect(map.body).toContain(`http://forgeline.test/prodetail?id=${p.id}&amp;lang=zh<`)
    for (const p of hidden) expect(map.body).not.toContain(`/prodetail?id=${p.id}&amp;lang=`)
    expect(map.body).toContain('http://forgeline.test/aboutus')
  })
})
