import { renderRichText } from '#shared/rich-text'
import type { Kysely, Selectable } from 'kysely'
import type { Category, ProductDetail, ProductSummary } from '#shared/contract/content'
import type { Database, ProductTable } from '../../db/schema.ts'
import { specRowOf } from '#shared/spec-values'
import { parseJsonColumn } from './json-column.ts'

type ImageEntry = { url: string; thumb?: string }

export async function listCategories(
  db: Kysely<Database>,
  parentId: number,
  offset: number,
  limit: number,
) {
  const base = db.selectFrom('product_category').where('parent_id', '=', parentId)
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('sort').orderBy('id').offset(offset).limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  const result: Category[] = rows.map((r) => ({
    Id: r.id,
    Title: r.title,
    TitleEn: r.title_en,
    ImgUrl: parseJsonColumn<{ url: string }[]>(r.img_url, []),
    Sort: r.sort,
    RowVersion: Number(r.row_version),
  }))
  return { result, total: Number(count.n) }
}

type ProductFilter = { categoryId?: number; keyword?: string; featured?: boolean }

export async function listProducts(
  db: Kysely<Database>,
  f: ProductFilter,
  offset: number,
  limit: number,
) {
  let base = db.selectFrom('product').where('published', '=', 1)
  if (f.categoryId !== undefined) base = base.where('category_id', '=', f.categoryId)
  if (f.featured) base = base.where('featured', '=', 1)
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    base = base.where((eb) =>
      eb.or([eb('title', 'like', like), eb('title_en', 'like', like), eb('part_no', 'like', like)]),
    )
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('category_id')
      .orderBy('sort')
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { result: rows.map(toSummary), total: Number(count.n) }
}

function toSummary(r: Selectable<ProductTable>): ProductSummary {
  const images = parseJsonColumn<ImageEntry[]>(r.images, [])
  return {
    Id: r.id,
    CategoryId: r.category_id,
    Title: r.title,
    TitleEn: r.title_en,
    PartNo: r.part_no,
    Summary: r.summary,
    SummaryEn: r.summary_en,
    Image: images[0]?.thumb ?? images[0]?.url ?? '',
    Featured: r.featured === 1,
  }
}

export async function getPublishedProduct(
  db: Kysely<Database>,
  id: number,
): Promise<ProductDetail | undefined> {
  const r = await db
    .selectFrom('product')
    .innerJoin('product_category', 'product_category.id', 'product.category_id')
    .selectAll('product')
    .select([
      'product_category.title as category_title',
      'product_category.title_en as category_title_en',
    ])
    .where('product.id', '=', id)
    .where('product.published', '=', 1)
    .executeTakeFirst()
  if (!r) return undefined
  const images = parseJsonColumn<ImageEntry[]>(r.images, [])
  return {
    ...toSummary(r),
    Body: r.body,
    BodyEn: r.body_en,
    BodyHtml: renderRichText(r.body),
    BodyEnHtml: renderRichText(r.body_en),
    Images: images.map((i) => ({ url: i.url, thumb: i.thumb ?? i.url })),
    Specs: parseJsonColumn<object[]>(r.specs, []).map(specRowOf),
    CategoryTitle: r.category_title,
    CategoryTitleEn: r.category_title_en,
  }
}
