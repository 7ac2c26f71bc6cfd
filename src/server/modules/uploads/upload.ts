import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { errorEnvelope } from '#shared/contract/envelope'
import { uploadResponse } from '#shared/contract/uploads'
import { idempotentWrite } from '../../idempotent-write.ts'
import { requestLang, t } from '../../i18n.ts'
import { contentScreens, orderScreens } from '#shared/staff-screens'
import { uploadPermission } from '../../permissions.ts'
import { displayName, keepImage } from './keep-image.ts'
import { readUpload } from './read-upload.ts'
import { uploadPrint } from './upload-print.ts'
import { uploadFileRoute } from './upload-file.ts'
import { refuseUnlisted, uploadSettingsRoutes } from './upload-settings.ts'
import { readImageHeader } from './image-header.ts'

/**
 * `POST {API_PREFIX}/Upload` (CONTENT or ORDERS ability): one image per request, checked by
 * its content (JPEG, PNG, GIF, WebP magic bytes; never by name) and against the upload types
 * setting, by size while streaming (UPLOAD_MAX_BYTES) and by pixel count from its header before
 * anything is decoded. Stored with a generated name in the upload store (DATA_DIR/uploads, or
 * PostgreSQL for several instances), with WebP variants for srcset made here, once.
 * `UploadFile` (generic files) and `Upload/Settings` are registered here too. With an
 * `Idempotency-Key` a retry answers the first stored file (`idempotentWrite`).
 */
export async function uploadRoutes(app: FastifyInstance) {
  await app.register(multipart)
  const { config } = app.deps
  const schema = (summary: string) => ({
    tags: ['content-admin'],
    summary,
    consumes: ['multipart/form-data'],
    response: { 200: uploadResponse, 409: errorEnvelope },
  })
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const { filename, data } = await readUpload(req, config.uploadMaxBytes)
    // a retry with the same key answers the first stored file and stores no second one
    return idempotentWrite(
      app.deps.db.db,
      req,
      reply,
      req.user!.id,
      uploadPrint(filename, data),
      async () => {
        const header = readImageHeader(data)
        if (header)
          await refuseUnlisted(app.deps.db.db, { ext: header.ext, type: header.type, image: true })
        const kept = await keepImage(app.uploads, data)
        return {
          code: Code.ok,
          msg: t('uploaded', requestLang(req)),
          data: { name: displayName(filename), ...kept },
        }
      },
    )
  }
  const typed = app.withTypeProvider<ZodTypeProvider>()
  typed.post(
    '/Upload',
    {
      config: { permission: uploadPermission, menu: [...contentScreens, ...orderScreens] },
      schema: schema(
        'Upload one image (multipart/form-data); checked by content, size and pixel count',
      ),
    },
    handler,
  )
  // the personal centre's avatar: any signed-in user, the same checks, a few an hour
  typed.post(
    '/User/UploadAvatar',
    {
      config: { permission: 'signedIn', rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: schema('Upload one avatar picture (multipart/form-data); the same checks as Upload'),
    },
    handler,
  )
  await app.register(uploadFileRoute)
  await app.register(uploadSettingsRoutes)
}
