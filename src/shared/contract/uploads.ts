import { z } from 'zod'
import { envelope } from './envelope.ts'

/**
 * `POST {API_PREFIX}/Upload` (CONTENT or ORDERS ability): multipart/form-data with one file
 * part (any field name). Accepted by content, not by name: JPEG, PNG, GIF, WebP; at most
 * `UPLOAD_MAX_BYTES` and `uploadMaxPixels`. The answer is the SPEC §3 file entry (name, url)
 * plus what the picture needs: `thumb` (the smallest WebP variant, or url) and the resized
 * WebP `variants` for srcset (only widths below the original; none without the image library).
 */
export const uploadResult = z.object({
  name: z.string(),
  url: z.string(),
  thumb: z.string(),
  type: z.enum(['image/jpeg', 'image/png', 'image/gif', 'image/webp']),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(z.object({ width: z.number().int(), url: z.string() })),
})
export type UploadResult = z.infer<typeof uploadResult>
export const uploadResponse = envelope(uploadResult)

/** Largest image accepted, in pixels (width x height), checked from the header before decoding. */
export const uploadMaxPixels = 40_000_000
/** Widths of the WebP variants made for srcset (`{name}-w{width}.webp` beside the original). */
export const variantWidths = [480, 960, 1600] as const

/**
 * The upload types setting (SPEC §5 "accepted types come from a setting"): the extensions an
 * upload may have, by content. Photo pickers offer its picture types, file pickers all of them.
 */
export const uploadTypeChoices = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'pdf',
  'xlsx',
  'xls',
] as const
export type UploadType = (typeof uploadTypeChoices)[number]
export const imageUploadTypes: readonly UploadType[] = ['jpg', 'jpeg', 'png', 'gif', 'webp']
export const defaultUploadTypes: UploadType[] = [...uploadTypeChoices]
export const uploadSettings = z.object({
  types: z
    .array(z.enum(uploadTypeChoices, { message: 'uploadTypes' }))
    .min(1, 'uploadTypes')
    .max(uploadTypeChoices.length),
})
export type UploadSettings = z.infer<typeof uploadSettings>
/** `GET {API_PREFIX}/Upload/Settings` (signed in) and `POST` the same (admin) to change it. */
export const uploadSettingsResponse = envelope(uploadSettings)

/** The `accept` attribute of a picker for these types (extensions and their MIME types). */
export function acceptOf(types: readonly string[]): string {
  const mime: Record<string, string> = {
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    png: 'image/png',
    gif: 'image/gif',
    webp: 'image/webp',
    pdf: 'application/pdf',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    xls: 'application/vnd.ms-excel',
  }
  return [
    ...new Set([...types.map((t) => `.${t}`), ...types.map((t) => mime[t]).filter(Boolean)]),
  ].join(',')
}

/**
 * `POST {API_PREFIX}/UploadFile` (CONTENT or ORDERS ability): one file of the setting's types,
 * checked by content (pictures as `Upload`; PDF, .xlsx and .xls by their structure). Pictures
 * get their `thumb` variant; other files have `thumb` equal to `url` and `image: false`.
 */
export const uploadFileResult = z.object({
  name: z.string(),
  url: z.string(),
  thumb: z.string(),
  type: z.string(),
  size: z.number().int(),
  image: z.boolean(),
})
export type UploadFileResult = z.infer<typeof uploadFileResult>
export const uploadFileResponse = envelope(uploadFileResult)
