import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { Code } from '#shared/contract/codes'
import {
  defaultUploadTypes,
  uploadSettings,
  uploadSettingsResponse,
  uploadTypeChoices,
  type UploadType,
} from '#shared/contract/uploads'
import type { Database } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import { requestLang, t } from '../../i18n.ts'
import { adminPermission } from '../../permissions.ts'
import { idempotentWrite } from '../../idempotent-write.ts'
import { errorEnvelope } from '#shared/contract/envelope'
import { typeAllowed, type FileKind } from './file-type.ts'

/** app_meta row of the setting: the accepted extensions, comma-separated. */
const key = 'upload-types'

/** The accepted upload types (SPEC §5 "accepted types come from a setting"); every known type until an admin changes it. */
export async function readUploadTypes(db: Kysely<Database>): Promise<UploadType[]> {
  const r = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst()
  const saved = uploadSettings.safeParse({ types: r?.value.split(',') ?? [] })
  return saved.success ? saved.data.types : [...defaultUploadTypes]
}

/** Refuses (400, translated, naming the accepted types) a file whose sniffed type the setting leaves out. */
export async function refuseUnlisted(db: Kysely<Database>, kind: FileKind): Promise<void> {
  const types = await readUploadTypes(db)
  if (!typeAllowed(kind, types))
    throw new AppError(Code.badRequest, 'uploadFileType', undefined, { types: types.join(', ') })
}

/**
 * `GET {API_PREFIX}/Upload/Settings` (any signed-in user: pickers offer these types) and
 * `POST {API_PREFIX}/Upload/Settings` `{types}` (admin, from the menu settings screen).
 */
export async function uploadSettingsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['system']
  typed.get(
    '/Upload/Settings',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: 'The accepted upload types',
        response: { 200: uploadSettingsResponse },
      },
    },
    async () => ({
      code: Code.ok,
      msg: 'ok',
      data: { types: await readUploadTypes(app.deps.db.db) },
    }),
  )
  typed.post(
    '/Upload/Settings',
    {
      config: { permission: adminPermission, menu: ['/system/menu'] },
      schema: {
        tags,
        summary: 'Change the accepted upload types (admin)',
        body: z.object({ types: z.array(z.string().max(10)).max(20) }),
        response: { 200: uploadSettingsResponse, 409: errorEnvelope },
      },
    },
    async (req, reply) =>
      idempotentWrite(app.deps.db.db, req, reply, req.user!.id, req.body, async () => {
        const lang = requestLang(req)
        const parsed = uploadSettings.safeParse({
          types: [...new Set(req.body.types.map((s) => s.trim().toLowerCase()))],
        })
        if (!parsed.success) {
          const types = uploadTypeChoices.join(', ')
          throw new AppError(
            Code.badRequest,
            'uploadTypesInvalid',
            { types: t('uploadTypesInvalid', lang, { types }) },
            { types },
          )
        }
        const value = parsed.data.types.join(',')
        await app.deps.db.db
          .insertInto('app_meta')
          .values({ key, value })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
          .execute()
        return { code: Code.ok, msg: t('uploadSettingsSaved', lang), data: parsed.data }
      }),
  )
}
