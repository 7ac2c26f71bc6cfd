import { z } from 'zod'
import { baseVersionField, rowVersionField } from './row-version.ts'
import { envelope, looseBoolean, page, pageQuery } from './envelope.ts'
import {
  idRecord,
  imageUrl,
  link,
  optImageUrl,
  optText,
  productImagesMax,
  recordId,
  sortOrder,
  text,
} from './content-fields.ts'

/**
 * Staff saves of the catalogue and carousel through `PostData/PostCommon` (DESIGN §4).
 * Inserts take the fields below (optional ones default to empty); updates take `Id` and
 * only the fields that change; removes take `{Id}`. All need the CONTENT ability.
 */

/** `SaveCarousel`; reorder = updateRecords `[{Id, Sort}, ...]`. */
export const carouselFields = {
  Image: imageUrl,
  /** narrow-screen image (an upload's `thumb` or a variant); '' uses Image */
  ImageSm: optImageUrl.optional(),
  Title: optText(100).optional(),
  TitleEn: optText(200).optional(),
  Link: link.optional(),
  Sort: sortOrder.optional(),
  Enabled: z.boolean({ message: 'required' }).optional(),
}
export const carouselInsert = z.object(carouselFields)
export const carouselUpdate = z
  .object(carouselFields)
  .partial()
  .extend({ Id: recordId, ...baseVersionField })

export const categoryImage = z.object({ url: imageUrl })
/** `SaveCategory`: product categories (SPEC §3: Title, TitleEn, ImgUrl list of {url}, order). */
export const categoryFields = {
  Title: text(50),
  TitleEn: optText(100).optional(),
  ImgUrl: z.array(categoryImage).max(1, 'tooManyImages').optional(),
  Sort: sortOrder.optional(),
}
export const categoryInsert = z.object(categoryFields)
export const categoryUpdate = z
  .object(categoryFields)
  .partial()
  .extend({ Id: recordId, ...baseVersionField })

export const productImage = z.object({ url: imageUrl, thumb: optImageUrl.optional() })
/** A specification row: label and value in both languages; an empty English value reads the Chinese one. */
export const specRowInput = z.object({
  Name: text(50),
  NameEn: optText(100).default(''),
  Value: text(200),
  ValueEn: optText(300).default(''),
})
/** `SaveProduct`: 1-6 images, specification rows, both languages. */
export const productFields = {
  CategoryId: z
    .number({ message: 'categoryNotFound' })
    .int('categoryNotFound')
    .positive('categoryNotFound'),
  Title: text(100),
  TitleEn: optText(200).optional(),
  PartNo: optText(50).optional(),
  Summary: optText(500).optional(),
  SummaryEn: optText(1000).optional(),
  Body: optText(20_000).optional(),
  BodyEn: optText(40_000).optional(),
  Specs: z.array(specRowInput).max(50, 'tooLong').optional(),
  Images: z
    .array(productImage, { message: 'imageRequired' })
    .min(1, 'imageRequired')
    .max(productImagesMax, 'tooManyImages'),
  Sort: sortOrder.optional(),
  Published: z.boolean({ message: 'required' }).optional(),
  Featured: z.boolean({ message: 'required' }).optional(),
}
export const productInsert = z.object(productFields)
export const productUpdate = z
  .object(productFields)
  .partial()
  .extend({ Id: recordId, ...baseVersionField })

export const removeById = idRecord

/** `POST {API_PREFIX}/Carousel/GetAdminList`: every slide (also disabled ones) in order. */
export const adminSlide = z.object({
  Id: z.number().int(),
  Image: z.string(),
  ImageSm: z.string(),
  Title: z.string(),
  TitleEn: z.string(),
  Link: z.string(),
  Sort: z.number().int(),
  Enabled: z.boolean(),
  ...rowVersionField,
})
export const carouselAdminListResponse = envelope(page(adminSlide))

/**
 * `POST {API_PREFIX}/Product/GetAdminList`: products including unpublished ones, searched by
 * keyword (title, English title, part number), filtered by category, published state and
 * missing English text, paged. `MissingEn` names the English fields left empty.
 */
export const productAdminListBody = pageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  categoryId: z.coerce.number().int().positive().optional(),
  published: looseBoolean.optional(),
  missingEn: looseBoolean.optional(),
})
export const adminProduct = z.object({
  Id: z.number().int(),
  CategoryId: z.number().int(),
  CategoryTitle: z.string(),
  CategoryTitleEn: z.string(),
  Title: z.string(),
  TitleEn: z.string(),
  PartNo: z.string(),
  Summary: z.string(),
  SummaryEn: z.string(),
  Body: z.string(),
  BodyEn: z.string(),
  Specs: z.array(
    z.object({ Name: z.string(), NameEn: z.string(), Value: z.string(), ValueEn: z.string() }),
  ),
  Images: z.array(z.object({ url: z.string(), thumb: z.string() })),
  Sort: z.number().int(),
  Published: z.boolean(),
  Featured: z.boolean(),
  MissingEn: z.array(z.string()),
  UpdateTime: z.string(),
  ...rowVersionField,
})
export type AdminProduct = z.infer<typeof adminProduct>
export const productAdminListResponse = envelope(page(adminProduct))
