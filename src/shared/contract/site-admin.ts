import { z } from 'zod'
import { baseVersionField, rowVersionField } from './row-version.ts'
import { envelope, page, pageQuery } from './envelope.ts'
import {
  imageUrl,
  intIn,
  optImageUrl,
  optText,
  recordId,
  sortOrder,
  text,
} from './content-fields.ts'

/** More pictures after the cover (news, equipment): at most 6, each an upload. */
const gallery = z
  .array(z.object({ url: imageUrl, thumb: optImageUrl.optional() }), { message: 'imageUrl' })
  .max(6, 'tooManyImages')
const galleryOut = z.array(z.object({ url: z.string(), thumb: z.string() }))
import { optionalRule } from './validators.ts'

/**
 * Staff saves of the site pages through `PostData/PostCommon` (CONTENT ability):
 * `SaveContact` and `SaveAbout` take one updateRecord (only the fields that change),
 * `SaveNews` and `SaveEquipment` take insert/update/remove records like SaveProduct.
 */

/**
 * `SaveContact`: the single record behind the footer and the contact page (two QR images).
 * A field left out is unchanged: no rule here has a default (a default of '' blanked
 * every field a partial save did not name).
 */
export const contactUpdate = z
  .object({
    Company: text(100),
    CompanyEn: optText(200),
    Address: text(200),
    AddressEn: optText(300),
    Phone: optionalRule('tel', 40).unwrap(),
    Fax: optionalRule('tel', 40).unwrap(),
    Mail: optionalRule('email', 100).unwrap(),
    Website: optionalRule('url', 200).unwrap(),
    Qr1: optImageUrl,
    Qr1Title: optText(50),
    Qr1TitleEn: optText(100),
    Qr2: optImageUrl,
    Qr2Title: optText(50),
    Qr2TitleEn: optText(100),
    ...baseVersionField,
  })
  .partial()

/** `POST {API_PREFIX}/Contact/GetAdmin`: the stored contact record (both QR slots, even empty). */
export const adminContact = z.object({
  Company: z.string(),
  CompanyEn: z.string(),
  Address: z.string(),
  AddressEn: z.string(),
  Phone: z.string(),
  Fax: z.string(),
  Mail: z.string(),
  Website: z.string(),
  Qr1: z.string(),
  Qr1Title: z.string(),
  Qr1TitleEn: z.string(),
  Qr2: z.string(),
  Qr2Title: z.string(),
  Qr2TitleEn: z.string(),
  UpdateTime: z.string(),
  ...rowVersionField,
})
export const adminContactResponse = envelope(adminContact)

/** `SaveAbout`: the company profile page (read back with `Content/About`). */
export const aboutUpdate = z
  .object({
    Title: text(100),
    TitleEn: optText(200),
    Body: optText(20_000),
    BodyEn: optText(40_000),
    Images: z.array(z.object({ url: imageUrl })).max(6, 'tooManyImages'),
    ...baseVersionField,
  })
  .partial()

/** `SaveNews`. PublishedAt is an ISO date or date-time; absent on insert means now. */
export const newsFields = {
  Title: text(100),
  TitleEn: optText(200).optional(),
  Summary: optText(500).optional(),
  SummaryEn: optText(1000).optional(),
  Body: optText(20_000).optional(),
  BodyEn: optText(40_000).optional(),
  Image: optImageUrl.optional(),
  Gallery: gallery.optional(),
  Published: z.boolean({ message: 'required' }).optional(),
  PublishedAt: z.iso
    .date({ message: 'date' })
    .or(z.iso.datetime({ offset: true, message: 'date' }))
    .optional(),
}
export const newsInsert = z.object(newsFields)
export const newsUpdate = z
  .object(newsFields)
  .partial()
  .extend({ Id: recordId, ...baseVersionField })

/** `SaveEquipment`. */
export const equipmentFields = {
  Name: text(100),
  NameEn: optText(200).optional(),
  Description: optText(2000).optional(),
  DescriptionEn: optText(4000).optional(),
  Image: optImageUrl.optional(),
  Gallery: gallery.optional(),
  Quantity: intIn(0, 1_000_000).optional(),
  Sort: sortOrder.optional(),
}
export const equipmentInsert = z.object(equipmentFields)
export const equipmentUpdate = z
  .object(equipmentFields)
  .partial()
  .extend({ Id: recordId, ...baseVersionField })

/** `POST {API_PREFIX}/News/GetAdminList`: news including unpublished, newest first, with bodies. */
export const newsAdminListBody = pageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
})
export const adminNews = z.object({
  Id: z.number().int(),
  Title: z.string(),
  TitleEn: z.string(),
  Summary: z.string(),
  SummaryEn: z.string(),
  Body: z.string(),
  BodyEn: z.string(),
  Image: z.string(),
  Gallery: galleryOut,
  Published: z.boolean(),
  PublishedAt: z.string(),
  ...rowVersionField,
})
export type AdminNews = z.infer<typeof adminNews>
export const newsAdminListResponse = envelope(page(adminNews))

/** `POST {API_PREFIX}/Equipment/GetAdminList`: every equipment item with its sort order. */
export const adminEquipment = z.object({
  Id: z.number().int(),
  Name: z.string(),
  NameEn: z.string(),
  Description: z.string(),
  DescriptionEn: z.string(),
  Image: z.string(),
  Gallery: galleryOut,
  Quantity: z.number().int(),
  Sort: z.number().int(),
  ...rowVersionField,
})
export type AdminEquipment = z.infer<typeof adminEquipment>
export const equipmentAdminListResponse = envelope(page(adminEquipment))
