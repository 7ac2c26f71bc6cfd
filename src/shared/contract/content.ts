import * as z from 'zod/mini'
import { envelope, page, pageQuery, queryInt } from './mini-envelope.ts'

/**
 * Public read calls of the website (SPEC §7, DESIGN §4). Each answers GET (cacheable)
 * and POST. Bilingual fields travel as pairs; the client falls back to Chinese.
 * Written with `zod/mini` (see mini-envelope.ts): a visitor's first load parses these answers.
 */

const id = queryInt().check(z.positive(), z.maximum(2_147_483_647))

export const imageRef = z.object({ url: z.string() })

/**
 * `RowVersion` of an edited record (row-version.ts, DESIGN §11), which the staff editors save
 * from. The server always sends it; optional so that an answer cached before versions existed
 * (service worker, embedded page data) still parses for a visitor.
 */
const rowVersion = z.optional(z.int().check(z.nonnegative()))

export const category = z.object({
  Id: z.int(),
  Title: z.string(),
  TitleEn: z.string(),
  ImgUrl: z.array(imageRef),
  Sort: z.int(),
  RowVersion: rowVersion,
})
export type Category = z.infer<typeof category>

/** `CommonData/GetList`: product categories (type 20, parentId 0, view 1, SPEC §7). */
export const categoryListQuery = z.extend(pageQuery, {
  type: z._default(queryInt(), 20),
  parentId: z._default(queryInt().check(z.minimum(0)), 0),
  view: z.optional(queryInt()),
  pageSize: z._default(queryInt().check(z.minimum(1), z.maximum(99_999)), 99_999),
})
export const categoryListResponse = envelope(page(category))

export const productSummary = z.object({
  Id: z.int(),
  CategoryId: z.int(),
  Title: z.string(),
  TitleEn: z.string(),
  PartNo: z.string(),
  Summary: z.string(),
  SummaryEn: z.string(),
  /** small image for lists */
  Image: z.string(),
  Featured: z.boolean(),
})
export type ProductSummary = z.infer<typeof productSummary>

/** `CommonData/GetProductList`: `sort` is the category id (SPEC §2). */
export const productListQuery = z.extend(pageQuery, {
  sort: z.optional(id),
  keyword: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  featured: z.optional(z.enum(['true', 'false'])),
})
export const productListResponse = envelope(page(productSummary))

/** `ValueEn` '' reads `Value` (a value without language, or not yet translated). */
export const specRow = z.object({
  Name: z.string(),
  NameEn: z.string(),
  Value: z.string(),
  ValueEn: z.string(),
})

/**
 * `BodyHtml`/`BodyEnHtml`: the bodies as the server renders them (src/shared/rich-text.ts:
 * markdown, raw HTML off, links checked), '' for an empty body; the public pages show them.
 */
const bodyHtml = { BodyHtml: z.string(), BodyEnHtml: z.string() }

export const productDetail = z.extend(productSummary, {
  Body: z.string(),
  BodyEn: z.string(),
  ...bodyHtml,
  Images: z.array(z.object({ url: z.string(), thumb: z.string() })),
  Specs: z.array(specRow),
  CategoryTitle: z.string(),
  CategoryTitleEn: z.string(),
})
export type ProductDetail = z.infer<typeof productDetail>

/** `CommonData/Get`: one published product by id; unknown or unpublished -> code 404. */
export const productDetailQuery = z.object({ id })
export const productDetailResponse = envelope(productDetail)

export const slide = z.object({
  Id: z.int(),
  Image: z.string(),
  ImageSm: z.string(),
  Title: z.string(),
  TitleEn: z.string(),
  Link: z.string(),
})
export type Slide = z.infer<typeof slide>
/** `Content/Carousel`: enabled slides in order. */
export const carouselResponse = envelope(z.array(slide))

export const qrImage = z.object({ Image: z.string(), Title: z.string(), TitleEn: z.string() })
export const contactInfo = z.object({
  Company: z.string(),
  CompanyEn: z.string(),
  Address: z.string(),
  AddressEn: z.string(),
  Phone: z.string(),
  Fax: z.string(),
  Mail: z.string(),
  Website: z.string(),
  Qr: z.array(qrImage),
})
export type ContactInfo = z.infer<typeof contactInfo>
/** `Content/Contact`: the single contact record behind the footer and the contact page. */
export const contactResponse = envelope(contactInfo)

export const aboutPage = z.object({
  Title: z.string(),
  TitleEn: z.string(),
  Body: z.string(),
  BodyEn: z.string(),
  Images: z.array(imageRef),
  RowVersion: rowVersion,
})
export type AboutPage = z.infer<typeof aboutPage>
/** `Content/About`: company profile. */
export const aboutResponse = envelope(aboutPage)

export const newsSummary = z.object({
  Id: z.int(),
  Title: z.string(),
  TitleEn: z.string(),
  Summary: z.string(),
  SummaryEn: z.string(),
  Image: z.string(),
  PublishedAt: z.string(),
})
export type NewsSummary = z.infer<typeof newsSummary>
export const newsListQuery = pageQuery
export const newsListResponse = envelope(page(newsSummary))
export const newsDetail = z.extend(newsSummary, {
  Body: z.string(),
  BodyEn: z.string(),
  ...bodyHtml,
  Gallery: z.array(imageRef),
})
export type NewsDetail = z.infer<typeof newsDetail>
export const newsDetailQuery = z.object({ id })
export const newsDetailResponse = envelope(newsDetail)

export const equipmentItem = z.object({
  Id: z.int(),
  Name: z.string(),
  NameEn: z.string(),
  Description: z.string(),
  DescriptionEn: z.string(),
  Image: z.string(),
  /** more pictures after Image */
  Gallery: z.array(imageRef),
  Quantity: z.int(),
})
export type EquipmentItem = z.infer<typeof equipmentItem>
export const equipmentListResponse = envelope(z.array(equipmentItem))

/**
 * `Content/Version`: the public content's version stamp; it changes with every content save.
 * A client that kept public reads (persisted query cache, service worker) drops them when the
 * stamp differs from the one it saw last.
 */
export const contentVersionResponse = envelope(z.object({ Version: z.string() }))
