import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { equipmentAdminListResponse } from '#shared/contract/site-admin'
import { contentPermission } from '../../permissions.ts'

/** `POST {API_PREFIX}/Equipment/GetAdminList` (CONTENT): every equipment item with its sort order. */
export async function equipmentAdminListRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/Equipment/GetAdminList',
    {
      config: { permission: contentPermission, menu: ['/admin/equipment'] },
      schema: { tags: ['content-admin'], summary: 'Equipment for staff', response: { 200: equipmentAdminListResponse } },
    },
    async () => {
      const rows = await app.deps.db.db.selectFrom('equipment').selectAll().orderBy('sort').orderBy('id').execute()
      const result = rows.map((r) => ({
        Id: r.id,
        Name: r.name,
        NameEn: r.name_en,
        Description: r.description,
        DescriptionEn: r.description_en,
        Image: r.image,
        Quantity: r.quantity,
        Sort: r.sort,
      }))
      return { code: Code.ok, msg: 'ok', data: { result, total: result.length } }
    },
  )
}
