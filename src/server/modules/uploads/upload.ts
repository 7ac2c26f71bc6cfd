import type { FastifyInstance, FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { uploadMaxPixels, uploadResponse } from '#shared/contract/uploads'
import { AppError } from '../../errors.ts'
import { requestLang, t } from '../../i18n.ts'
import { contentScreens, orderScreens } from '#shared/staff-screens'
import { uploadPermission } from '../../permissions.ts'
import { readImageHeader } from './image-header.ts'
import { makeVariants, withoutMetadata } from './image-variants.ts'
import { readUpload } from './read-upload.ts'
import { storeUpload } from './store.ts'

/** The client's file name for display only: no path, no control or markup characters. */
const displayName = (name: string) =>
  [...(name.split(/[\\/]/).pop() ?? '')]
    .map((c) => (c.charCodeAt(0) < 32 || '<>"'.includes(c) ? '_' : c))
    .join('')
    .slice(-100) || 'image'

/**
 * `POST {API_PREFIX}/Upload` (CONTENT or ORDERS ability): one image per request, checked by
 * its content (JPEG, PNG, GIF, WebP magic bytes; never by name), by size while streaming
 * (UPLOAD_MAX_BYTES) and by pixel count from its header before anything is decoded. Stored
 * with a generated name in the upload store (DATA_DIR/uploads, or PostgreSQL for several
 * instances), with WebP variants for srcset made here, once.
 */
export async function uploadRoutes(app: FastifyInstance) {
  await app.register(multipart)
  const { config } = app.deps
  const schema = (summary: string) => ({
    tags: ['content-admin'],
    summary,
    consumes: ['multipart/form-data'],
    response: { 200: uploadResponse },
  })
  const handler = async (req: FastifyRequest) => {
    const { filename, data } = await readUpload(req, config.uploadMaxBytes)
    const header = readImageHeader(data)
    if (!header) throw new AppError(Code.badRequest, 'uploadType')
    const { width, height } = header
    if (width <= 0 || height <= 0) throw new AppError(Code.badRequest, 'uploadBroken')
    if (width * height > uploadMaxPixels) {
      throw new AppError(Code.badRequest, 'uploadPixels', undefined, {
        width,
        height,
        max: uploadMaxPixels / 1e6,
        wan: uploadMaxPixels / 1e4,
      })
    }
    let variants: Awaited<ReturnType<typeof makeVariants>>
    let clean: Awaited<ReturnType<typeof withoutMetadata>>
    try {
      clean = await withoutMetadata(data, header.type)
      variants = await makeVariants(clean.data, clean.width ?? width)
    } catch {
      throw new AppError(Code.badRequest, 'uploadBroken')
    }
    const stored = await storeUpload(app.uploads, header.ext, clean.data, variants)
    return {
      code: Code.ok,
      msg: t('uploaded', requestLang(req)),
      data: {
        name: displayName(filename),
        url: stored.url,
        thumb: stored.variants[0]?.url ?? stored.url,
        type: header.type,
        size: clean.data.length,
        width: clean.width ?? width,
        height: clean.height ?? height,
        variants: stored.variants,
      },
    }
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
}
