import { renderRichText } from '#shared/rich-text'
import type { Kysely } from 'kysely'
import type {
  AboutPage,
  ContactInfo,
  EquipmentItem,
  NewsDetail,
  NewsSummary,
  Slide,
} from '#shared/contract/content'
import type { Database } from '../../db/schema.ts'
import { parseJsonColumn } from './json-column.ts'

export async function listSlides(db: Kysely<Database>): Promise<Slide[]> {
  const rows = await db
    .selectFrom('carousel')
    .selectAll()
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({
    Id: r.id,
    Image: r.image,
    ImageSm: r.image_sm || r.image,
    Title: r.title,
    TitleEn: r.title_en,
    Link: r.link,
  }))
}

const emptyContact: ContactInfo = {
  Company: '',
  CompanyEn: '',
  Address: '',
  AddressEn: '',
  Phone: '',
  Fax: '',
  Mail: '',
  Website: '',
  Qr: [],
}

export async function getContact(db: Kysely<Database>): Promise<ContactInfo> {
  const r = await db.selectFrom('contact_info').selectAll().where('id', '=', 1).executeTakeFirst()
  if (!r) return emptyContact
  return {
    Company: r.company,
    CompanyEn: r.company_en,
    Address: r.address,
    AddressEn: r.address_en,
    Phone: r.phone,
    Fax: r.fax,
    Mail: r.mail,
    Website: r.website,
    Qr: [
      { Image: r.qr1, Title: r.qr1_title, TitleEn: r.qr1_title_en },
      { Image: r.qr2, Title: r.qr2_title, TitleEn: r.qr2_title_en },
    ].filter((q) => q.Image !== ''),
  }
}

export async function getPage(db: Kysely<Database>, key: string): Promise<AboutPage | undefined> {
  const r = await db.selectFrom('page').selectAll().where('key', '=', key).executeTakeFirst()
  if (!r) return undefined
  return {
    Title: r.title,
    TitleEn: r.title_en,
    Body: r.body,
    BodyEn: r.body_en,
    Images: parseJsonColumn(r.images, []),
    RowVersion: Number(r.row_version),
  }
}

const newsColumns = [
  'id',
  'title',
  'title_en',
  'summary',
  'summary_en',
  'image',
  'published_at',
] as const

function toNewsSummary(r: {
  id: number
  title: string
  title_en: string
  summary: string
  summary_en: string
  image: string
  published_at: string
}): NewsSummary {
  return {
    Id: r.id,
    Title: r.title,
    TitleEn: r.title_en,
    Summary: r.summary,
    SummaryEn: r.summary_en,
    Image: r.image,
    PublishedAt: r.published_at,
  }
}

export async function listNews(db: Kysely<Database>, offset: number, limit: number) {
  const base = db.selectFrom('news').where('published', '=', 1)
  const [rows, count] = await Promise.all([
    base
      .select(newsColumns)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { result: rows.map(toNewsSummary), total: Number(count.n) }
}

export async function getNews(db: Kysely<Database>, id: number): Promise<NewsDetail | undefined> {
  const r = await db
    .selectFrom('news')
    .select([...newsColumns, 'body', 'body_en', 'gallery'])
    .where('id', '=', id)
    .where('published', '=', 1)
    .executeTakeFirst()
  return (
    r && {
      ...toNewsSummary(r),
      Body: r.body,
      BodyEn: r.body_en,
      BodyHtml: renderRichText(r.body),
      BodyEnHtml: renderRichText(r.body_en),
      Gallery: galleryOf(r.gallery).map(({ url }) => ({ url })),
    }
  )
}

/** Every equipment item in display order, with its sort number for the staff list. */
export async function listEquipmentRows(
  db: Kysely<Database>,
): Promise<(EquipmentItem & { Sort: number; Gallery: { url: string; thumb: string }[] })[]> {
  const rows = await db.selectFrom('equipment').selectAll().orderBy('sort').orderBy('id').execute()
  return rows.map((r) => ({
    Id: r.id,
    Name: r.name,
    NameEn: r.name_en,
    Description: r.description,
    DescriptionEn: r.description_en,
    Image: r.image,
    Gallery: galleryOf(r.gallery),
    Quantity: r.quantity,
    Sort: r.sort,
  }))
}

export async function listEquipment(db: Kysely<Database>): Promise<EquipmentItem[]> {
  return (await listEquipmentRows(db)).map(({ Sort: _sort, ...item }) => ({
    ...item,
    Gallery: item.Gallery.map(({ url }) => ({ url })),
  }))
}

/** A stored gallery (JSON list of {url, thumb?}) with a thumb on every picture. */
export function galleryOf(text: string): { url: string; thumb: string }[] {
  return parseJsonColumn<{ url: string; thumb?: string }[]>(text, []).map((i) => ({
    url: i.url,
    thumb: i.thumb || i.url,
  }))
}
