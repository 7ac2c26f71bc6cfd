import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { adminContactResponse } from '#shared/contract/site-admin'
import { contentPermission } from '../../permissions.ts'

/** `POST {API_PREFIX}/Contact/GetAdmin` (CONTENT): the stored contact record with both QR slots. */
export async function contactAdminRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/Contact/GetAdmin',
    {
      config: { permission: contentPermission, menu: ['/admin/linkus'] },
      schema: {
        tags: ['content-admin'],
        summary: 'Contact record for editing',
        response: { 200: adminContactResponse },
      },
    },
    async () => {
      const r = await app.deps.db.db
        .selectFrom('contact_info')
        .selectAll()
        .where('id', '=', 1)
        .executeTakeFirst()
      const s = (v: string | undefined) => v ?? ''
      return {
        code: Code.ok,
        msg: 'ok',
        data: {
          Company: s(r?.company),
          CompanyEn: s(r?.company_en),
          Address: s(r?.address),
          AddressEn: s(r?.address_en),
          Phone: s(r?.phone),
          Fax: s(r?.fax),
          Mail: s(r?.mail),
          Website: s(r?.website),
          Qr1: s(r?.qr1),
          Qr1Title: s(r?.qr1_title),
          Qr1TitleEn: s(r?.qr1_title_en),
          Qr2: s(r?.qr2),
          Qr2Title: s(r?.qr2_title),
          Qr2TitleEn: s(r?.qr2_title_en),
          UpdateTime: s(r?.updated_at),
          RowVersion: r?.row_version ?? 1,
        },
      }
    },
  )
}
