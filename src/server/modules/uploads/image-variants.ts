import type sharpModule from 'sharp'
import { uploadMaxPixels, variantWidths } from '#shared/contract/uploads'

type Sharp = typeof sharpModule
let loaded: Promise<Sharp | null> | undefined

/** The image library, when it installed here (it is optional: without it no variants are made). */
export function imageLibrary(): Promise<Sharp | null> {
  loaded ??= import('sharp').then((m) => m.default).catch(() => null)
  return loaded
}

export type Variant = { width: number; data: Buffer }

/**
 * Resized WebP copies for srcset, one per width of `variantWidths` below the original width
 * (first frame of an animation, EXIF orientation applied, metadata dropped). Throws when the
 * image cannot be decoded. Empty without the image library.
 */
export async function makeVariants(data: Buffer, width: number): Promise<Variant[]> {
  const sharp = await imageLibrary()
  if (!sharp) return []
  const options = { limitInputPixels: uploadMaxPixels, failOn: 'error' as const }
  const widths = variantWidths.filter((w) => w < width)
  if (widths.length === 0) {
    await sharp(data, options).stats() // decodes once, so a damaged image is refused
    return []
  }
  const out: Variant[] = []
  for (const w of widths) {
    out.push({ width: w, data: await sharp(data, options).rotate().resize({ width: w }).webp({ quality: 80 }).toBuffer() })
  }
  return out
}
