import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { carouselAdminListResponse } from '#shared/contract/content-admin'
import { contentPermission } from '../../permissions.ts'

/** `POST {API_PREFIX}/Carousel/GetAdminList` (CONTENT): every slide, disabled ones too, in order. */
export async function carouselAdminListRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/Carousel/GetAdminList',
    {
      config: { permission: contentPermission, menu: ['/admin/lunbo'] },
      schema: {
        tags: ['content-admin'],
        summary: 'All carousel slides in order',
        response: { 200: carouselAdminListResponse },
      },
    },
    async () => {
      const rows = await app.deps.db.db
        .selectFrom('carousel')
        .selectAll()
        .orderBy('sort')
        .orderBy('id')
        .execute()
      const result = rows.map((r) => ({
        Id: r.id,
        Image: r.image,
        ImageSm: r.image_sm,
        Title: r.title,
        TitleEn: r.title_en,
        Link: r.link,
        Sort: r.sort,
        Enabled: r.enabled === 1,
        RowVersion: r.row_version,
      }))
      return { code: Code.ok, msg: 'ok', data: { result, total: result.length } }
    },
  )
}
