import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { newsAdminListBody, newsAdminListResponse } from '#shared/contract/site-admin'
import { contentPermission } from '../../permissions.ts'
import { galleryOf } from '../content/site-repository.ts'

/** `POST {API_PREFIX}/News/GetAdminList` (CONTENT): news incl. unpublished, newest first, searched by title. */
export async function newsAdminListRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/News/GetAdminList',
    {
      config: { permission: contentPermission, menu: ['/admin/news'] },
      schema: {
        tags: ['content-admin'],
        summary: 'News for staff',
        body: newsAdminListBody,
        response: { 200: newsAdminListResponse },
      },
    },
    async (req) => {
      const q = req.body
      let base = app.deps.db.db.selectFrom('news')
      if (q.keyword) {
        const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        base = base.where((eb) => eb.or([eb('title', 'like', like), eb('title_en', 'like', like)]))
      }
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .offset((q.pageIndex - 1) * q.pageSize)
          .limit(q.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ])
      const result = rows.map((r) => ({
        Id: r.id,
        Title: r.title,
        TitleEn: r.title_en,
        Summary: r.summary,
        SummaryEn: r.summary_en,
        Body: r.body,
        BodyEn: r.body_en,
        Image: r.image,
        Gallery: galleryOf(r.gallery),
        Published: r.published === 1,
        PublishedAt: r.published_at,
        RowVersion: r.row_version,
      }))
      return { code: Code.ok, msg: 'ok', data: { result, total: Number(count.n) } }
    },
  )
}
