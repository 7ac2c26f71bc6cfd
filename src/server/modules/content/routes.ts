import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { Code } from '#shared/contract/codes'
import * as c from '#shared/contract/content'
import { notFound } from '../../errors.ts'
import { getPublishedProduct, listCategories, listProducts } from './catalog-repository.ts'
import {
  getContact,
  getNews,
  getPage,
  listEquipment,
  listNews,
  listSlides,
} from './site-repository.ts'
import { readRoute } from './read-route.ts'
import { readContentVersion } from './content-version.ts'

const ok = <T>(data: T) => ({ code: Code.ok, msg: 'ok', data })
const offset = (q: { pageIndex: number; pageSize: number }) => (q.pageIndex - 1) * q.pageSize
const noInput = z.object({})

/** Public reads of the website: catalogue, carousel, contact, about, news, equipment. */
export async function contentRoutes(app: FastifyInstance) {
  const db = () => app.deps.db.db

  readRoute(app, '/CommonData/GetList', {
    summary: 'Product categories (type 20, parentId 0)',
    input: c.categoryListQuery,
    response: c.categoryListResponse,
    handler: async (q) => ok(await listCategories(db(), q.parentId, offset(q), q.pageSize)),
  })
  readRoute(app, '/CommonData/GetProductList', {
    summary: 'Published products, optionally of one category (sort = category id)',
    input: c.productListQuery,
    response: c.productListResponse,
    handler: async (q) =>
      ok(
        await listProducts(
          db(),
          { categoryId: q.sort, keyword: q.keyword, featured: q.featured === 'true' },
          offset(q),
          q.pageSize,
        ),
      ),
  })
  readRoute(app, '/CommonData/Get', {
    summary: 'One published product',
    input: c.productDetailQuery,
    response: c.productDetailResponse,
    handler: async (q) => {
      const product = await getPublishedProduct(db(), q.id)
      if (!product) throw notFound()
      return ok(product)
    },
  })
  readRoute(app, '/Content/Carousel', {
    summary: 'Enabled carousel slides in order',
    input: noInput,
    response: c.carouselResponse,
    handler: async () => ok(await listSlides(db())),
  })
  readRoute(app, '/Content/Contact', {
    summary: 'Contact information',
    input: noInput,
    response: c.contactResponse,
    handler: async () => ok(await getContact(db())),
  })
  readRoute(app, '/Content/About', {
    summary: 'Company profile',
    input: noInput,
    response: c.aboutResponse,
    handler: async () => {
      const about = await getPage(db(), 'about')
      if (!about) throw notFound()
      return ok(about)
    },
  })
  readRoute(app, '/News/GetList', {
    summary: 'Published news, newest first',
    input: c.newsListQuery,
    response: c.newsListResponse,
    handler: async (q) => ok(await listNews(db(), offset(q), q.pageSize)),
  })
  readRoute(app, '/News/Get', {
    summary: 'One news item',
    input: c.newsDetailQuery,
    response: c.newsDetailResponse,
    handler: async (q) => {
      const news = await getNews(db(), q.id)
      if (!news) throw notFound()
      return ok(news)
    },
  })
  readRoute(app, '/Content/Version', {
    summary: 'Version stamp of the public content (changes with every content save)',
    input: noInput,
    response: c.contentVersionResponse,
    handler: async () => ok({ Version: await readContentVersion(db()) }),
  })
  readRoute(app, '/Equipment/GetList', {
    summary: 'Equipment items',
    input: noInput,
    response: c.equipmentListResponse,
    handler: async () => ok(await listEquipment(db())),
  })
}
