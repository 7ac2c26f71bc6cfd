import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { equipmentAdminListResponse } from '#shared/contract/site-admin'
import { contentPermission } from '../../permissions.ts'
import { listEquipmentRows } from '../content/site-repository.ts'

/** `POST {API_PREFIX}/Equipment/GetAdminList` (CONTENT): every equipment item with its sort order. */
export async function equipmentAdminListRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/Equipment/GetAdminList',
    {
      config: { permission: contentPermission, menu: ['/admin/equipment'] },
      schema: {
        tags: ['content-admin'],
        summary: 'Equipment for staff',
        response: { 200: equipmentAdminListResponse },
      },
    },
    async () => {
      const db = app.deps.db.db
      const [rows, versions] = await Promise.all([
        listEquipmentRows(db),
        db.selectFrom('equipment').select(['id', 'row_version']).execute(),
      ])
      const versionOf = new Map(versions.map((v) => [v.id, v.row_version]))
      const result = rows.map((r) => ({ ...r, RowVersion: versionOf.get(r.Id) ?? 1 }))
      return { code: Code.ok, msg: 'ok', data: { result, total: result.length } }
    },
  )
}
