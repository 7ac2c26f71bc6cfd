import { Code } from '#shared/contract/codes'
import { uploadMaxPixels } from '#shared/contract/uploads'
import { AppError } from '../../errors.ts'
import { readImageHeader } from './image-header.ts'
import { makeVariants, withoutMetadata } from './image-variants.ts'
import { storeUpload } from './store.ts'
import type { UploadStore } from './upload-store.ts'

/** The client's file name for display only: no path, no control or markup characters. */
export const displayName = (name: string, fallback = 'image') =>
  [...(name.split(/[\\/]/).pop() ?? '')]
    .map((c) => (c.charCodeAt(0) < 32 || '<>"'.includes(c) ? '_' : c))
    .join('')
    .slice(-100) || fallback

/**
 * Checks an image upload (type by content, pixel count from the header before decoding, a
 * decode for damage), drops its camera metadata, makes its WebP variants and stores them.
 */
export async function keepImage(store: UploadStore, data: Buffer) {
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
  const stored = await storeUpload(store, header.ext, clean.data, variants)
  return {
    url: stored.url,
    thumb: stored.variants[0]?.url ?? stored.url,
    type: header.type,
    size: clean.data.length,
    width: clean.width ?? width,
    height: clean.height ?? height,
    variants: stored.variants,
  }
}
