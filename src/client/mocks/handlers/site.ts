import { http, type HttpResponseResolver } from 'msw'
import {
  contentVersionResponse,
  aboutResponse,
  carouselResponse,
  categoryListResponse,
  contactResponse,
  equipmentListResponse,
  newsDetailResponse,
  newsListResponse,
  productDetailResponse,
  productListResponse,
} from '#shared/contract/content'
import { Code } from '#shared/contract/codes'
import { fail, ok, say } from '../reply.ts'
import {
  mockAbout,
  mockCategories,
  mockContact,
  mockEquipment,
  mockNews,
  mockProducts,
  mockSlides,
} from '../site.ts'

/** The query of a GET, or the JSON body of a POST (public reads answer both). */
async function paramsOf(request: Request): Promise<Record<string, unknown>> {
  if (request.method === 'GET') return Object.fromEntries(new URL(request.url).searchParams)
  return ((await request.json().catch(() => ({}))) ?? {}) as Record<string, unknown>
}

const num = (v: unknown, fallback: number) =>
  Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : fallback

/** Public reads of the website over a small bilingual fixture (GET and POST alike). */
export function siteHandlers(base: string) {
  const read = (path: string, resolve: HttpResponseResolver) => [
    http.get(`${base}/${path}`, resolve),
    http.post(`${base}/${path}`, resolve),
  ]
  const notFound = (request: Request) =>
    fail(Code.notFound, say(request, '内容不存在', 'Not found'))
  return [
    ...read('Content/Carousel', () => ok(carouselResponse, mockSlides)),
    ...read('CommonData/GetList', () =>
      ok(categoryListResponse, { result: mockCategories, total: mockCategories.length }),
    ),
    ...read('CommonData/GetProductList', async ({ request }) => {
      const q = await paramsOf(request)
      const kw = typeof q.keyword === 'string' ? q.keyword.trim().toLowerCase() : ''
      const rows = mockProducts
        .filter((p) => q.sort === undefined || p.CategoryId === Number(q.sort))
        .filter((p) => q.featured !== 'true' || p.Featured)
        .filter(
          (p) => !kw || [p.Title, p.TitleEn, p.PartNo].some((v) => v.toLowerCase().includes(kw)),
        )
      const [pageIndex, pageSize] = [num(q.pageIndex, 1), num(q.pageSize, 20)]
      const result = rows
        .slice((pageIndex - 1) * pageSize, pageIndex * pageSize)
        .map(({ Id, CategoryId, Title, TitleEn, PartNo, Summary, SummaryEn, Image, Featured }) => ({
          Id,
          CategoryId,
          Title,
          TitleEn,
          PartNo,
          Summary,
          SummaryEn,
          Image,
          Featured,
        }))
      return ok(productListResponse, { result, total: rows.length })
    }),
    ...read('CommonData/Get', async ({ request }) => {
      const id = Number((await paramsOf(request)).id)
      const p = mockProducts.find((x) => x.Id === id)
      return p ? ok(productDetailResponse, p) : notFound(request)
    }),
    ...read('Content/Contact', () => ok(contactResponse, mockContact)),
    ...read('Content/About', () => ok(aboutResponse, mockAbout)),
    ...read('Content/Version', () => ok(contentVersionResponse, { Version: 'mock' })),
    ...read('News/GetList', () =>
      ok(newsListResponse, {
        result: mockNews.map(({ Body: _b, BodyEn: _e, ...n }) => n),
        total: mockNews.length,
      }),
    ),
    ...read('News/Get', async ({ request }) => {
      const id = Number((await paramsOf(request)).id)
      const n = mockNews.find((x) => x.Id === id)
      return n ? ok(newsDetailResponse, n) : notFound(request)
    }),
    ...read('Equipment/GetList', () => ok(equipmentListResponse, mockEquipment)),
  ]
}
