import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { productAdminListBody, productAdminListResponse } from '#shared/contract/content-admin'
import { contentPermission } from '../../permissions.ts'
import { listAdminProducts } from './product-repository.ts'

/** `POST {API_PREFIX}/Product/GetAdminList` (CONTENT): products incl. unpublished, with the missing-English flag. */
export async function productAdminListRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/Product/GetAdminList',
    {
      config: { permission: contentPermission, menu: ['/admin/pro/promanage'] },
      schema: {
        tags: ['content-admin'],
        summary:
          'Products for staff: search, category, published and missing-English filters, paging',
        body: productAdminListBody,
        response: { 200: productAdminListResponse },
      },
    },
    async (req) => ({
      code: Code.ok,
      msg: 'ok',
      data: await listAdminProducts(app.deps.db.db, req.body),
    }),
  )
}
