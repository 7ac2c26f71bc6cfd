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
