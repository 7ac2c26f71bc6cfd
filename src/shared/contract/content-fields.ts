import { z } from 'zod'
import { baseVersionField } from './row-version.ts'

/**
 * Field rules of the content saves (carousel, categories, products, contact, about, news,
 * equipment). A failing rule reports a code; the server words it with i18n.ts
 * `contentFieldMessages`. `recordNotFound` (grid-fields.ts) is reused for unknown ids.
 */
export const contentErrorCodes = [
  /** an image must be a file uploaded here (`/uploads/...` jpg, png, gif or webp) */
  'imageUrl',
  /** a link is a site path (`/products?sort=1`) or an http(s) URL */
  'link',
  'imageRequired',
  'tooManyImages',
  'categoryNotFound',
  /** a category with products cannot be removed */
  'categoryNotEmpty',
  'userNotFound',
  'integerRange',
] as const
export type ContentErrorCode = (typeof contentErrorCodes)[number]

export const isContentErrorCode = (v: string): v is ContentErrorCode =>
  (contentErrorCodes as readonly string[]).includes(v)

/** Most images a product may have (1-6). */
export const productImagesMax = 6

const uploadedPattern =
  /^\/uploads\/(?!.*\.\.)[A-Za-z0-9/_-]+(\.[A-Za-z0-9_-]+)*\.(png|jpe?g|gif|webp)$/

export const isUploadedImage = (v: string) => uploadedPattern.test(v)

/** Required text of at most max characters: empty -> `required`. */
export const text = (max: number) =>
  z.string({ message: 'required' }).trim().min(1, 'required').max(max, 'tooLong')
/** Optional text of at most max characters (absent: not changed, or '' on insert). */
export const optText = (max: number) => z.string({ message: 'required' }).trim().max(max, 'tooLong')

/** An uploaded image URL, required. */
export const imageUrl = z
  .string({ message: 'imageRequired' })
  .trim()
  .min(1, 'imageRequired')
  .refine(isUploadedImage, 'imageUrl')
/** An uploaded image URL or '' (none). */
export const optImageUrl = z
  .string({ message: 'imageUrl' })
  .trim()
  .refine((v) => v === '' || isUploadedImage(v), 'imageUrl')

export const link = z
  .string({ message: 'link' })
  .trim()
  .max(500, 'tooLong')
  .refine((v) => {
    if (v === '') return true
    if (v.startsWith('/')) return !v.startsWith('//') && !/[\s\\]/.test(v)
    try {
      const u = new URL(v)
      return u.protocol === 'http:' || u.protocol === 'https:'
    } catch {
      return false
    }
  }, 'link')

/** An integer from min to max (sort orders, quantities). */
export const intIn = (min: number, max: number) =>
  z.number({ message: 'integer' }).int('integer').min(min, 'integerRange').max(max, 'integerRange')

export const sortOrder = intIn(0, 1_000_000)
export const recordId = z
  .number({ message: 'recordNotFound' })
  .int('recordNotFound')
  .positive('recordNotFound')
  .max(2_147_483_647, 'recordNotFound')
export const idRecord = z.object({ Id: recordId, ...baseVersionField })
