import type sharpModule from 'sharp'
import { uploadMaxPixels, variantWidths } from '#shared/contract/uploads'
import { stripGifMetadata, stripWebpMetadata } from './strip-metadata.ts'

type Sharp = typeof sharpModule
let loaded: Promise<Sharp | null> | undefined

/** The image library, when it installed here (it is optional: without it no variants are made). */
export function imageLibrary(): Promise<Sharp | null> {
  loaded ??= import('sharp').then((m) => m.default).catch(() => null)
  return loaded
}

export type Variant = { width: number; data: Buffer }

/**
 * Photos from phones carry EXIF metadata (GPS position, device): JPEG and PNG uploads are
 * re-encoded without it, their orientation applied (so width and height may swap). GIF and
 * WebP lose their comment, EXIF and XMP blocks without re-encoding (strip-metadata.ts), so
 * animations stay animated. Without the image library JPEG and PNG are kept as sent.
 */
export async function withoutMetadata(
  data: Buffer,
  type: string,
): Promise<{ data: Buffer; width?: number; height?: number }> {
  if (type === 'image/gif') return { data: stripGifMetadata(data) }
  if (type === 'image/webp') return { data: stripWebpMetadata(data) }
  const sharp = await imageLibrary()
  if (!sharp || (type !== 'image/jpeg' && type !== 'image/png')) return { data }
  const image = sharp(data, { limitInputPixels: uploadMaxPixels, failOn: 'error' }).rotate()
  const out = await (type === 'image/jpeg' ? image.jpeg({ quality: 90 }) : image.png()).toBuffer({
    resolveWithObject: true,
  })
  return { data: out.data, width: out.info.width, height: out.info.height }
}

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
    out.push({
      width: w,
      data: await sharp(data, options)
        .rotate()
        .resize({ width: w })
        .webp({ quality: 80 })
        .toBuffer(),
    })
  }
  return out
}
