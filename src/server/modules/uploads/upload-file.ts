import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { errorEnvelope } from '#shared/contract/envelope'
import { uploadFileResponse } from '#shared/contract/uploads'
import { idempotentWrite } from '../../idempotent-write.ts'
import { contentScreens, orderScreens } from '#shared/staff-screens'
import { AppError } from '../../errors.ts'
import { requestLang, t } from '../../i18n.ts'
import { uploadPermission } from '../../permissions.ts'
import { fileSniffBytes, mayBeAccepted, sniffFile } from './file-type.ts'
import { displayName, keepImage } from './keep-image.ts'
import { readUpload } from './read-upload.ts'
import { uploadPrint } from './upload-print.ts'
import { storeUpload } from './store.ts'
import { readUploadTypes, refuseUnlisted } from './upload-settings.ts'

/**
 * `POST {API_PREFIX}/UploadFile` (CONTENT or ORDERS ability, SPEC §5 generic upload): one file
 * per request of a type the upload types setting accepts, decided by its content only - a
 * program or a page renamed `.pdf` or `.jpg` is refused with the accepted types in the user's
 * language. Pictures get the `Upload` checks and variants; PDF and Excel files are stored as
 * they came, under a generated name with the sniffed extension, and served as downloads.
 * With an `Idempotency-Key` a retry answers the first stored file (`idempotentWrite`).
 */
export async function uploadFileRoute(app: FastifyInstance) {
  const { config, db } = app.deps
  app.withTypeProvider<ZodTypeProvider>().post(
    '/UploadFile',
    {
      config: { permission: uploadPermission, menu: [...contentScreens, ...orderScreens] },
      schema: {
        tags: ['content-admin'],
        summary:
          'Upload one file (picture, PDF, .xlsx, .xls; multipart/form-data), checked by content',
        consumes: ['multipart/form-data'],
        response: { 200: uploadFileResponse, 409: errorEnvelope },
      },
    },
    async (req, reply) => {
      const lang = requestLang(req)
      const refuse = async () => {
        const types = (await readUploadTypes(db.db)).join(', ')
        return new AppError(Code.badRequest, 'uploadFileType', undefined, { types })
      }
      let foreign = false
      const { filename, data } = await readUpload(req, config.uploadMaxBytes, {
        bytes: fileSniffBytes,
        check: (head) => {
          if (!mayBeAccepted(head)) {
            foreign = true
            throw new AppError(Code.badRequest, 'uploadFileType')
          }
        },
      }).catch(async (e: unknown) => {
        throw foreign ? await refuse() : e
      })
      const print = uploadPrint(filename, data)
      return idempotentWrite(db.db, req, reply, req.user!.id, print, async () => {
        const kind = sniffFile(data)
        if (!kind) throw await refuse()
        await refuseUnlisted(db.db, kind)
        const name = displayName(filename, 'file')
        const msg = t('uploaded', lang)
        if (kind.image) {
          const kept = await keepImage(app.uploads, data)
          return {
            code: Code.ok,
            msg,
            data: {
              name,
              url: kept.url,
              thumb: kept.thumb,
              type: kept.type,
              size: kept.size,
              image: true,
            },
          }
        }
        const stored = await storeUpload(app.uploads, kind.ext, data, [])
        return {
          code: Code.ok,
          msg,
          data: {
            name,
            url: stored.url,
            thumb: stored.url,
            type: kind.type,
            size: data.length,
            image: false,
          },
        }
      })
    },
  )
}
