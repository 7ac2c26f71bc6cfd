import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { AdminProduct, productAdminListBody } from '#shared/contract/content-admin'
import type { Database } from '../../db/schema.ts'
import { specRowOf, specValueLacksEnglish, type SpecRow } from '#shared/spec-values'
import { parseJsonColumn } from '../content/json-column.ts'

type Spec = SpecRow
const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** English fields left empty while their Chinese text is given. */
export function missingEnglish(
  r: { title_en: string; summary: string; summary_en: string; body: string; body_en: string },
  specs: Spec[],
): string[] {
  const out: string[] = []
  if (r.title_en.trim() === '') out.push('TitleEn')
  if (r.summary.trim() !== '' && r.summary_en.trim() === '') out.push('SummaryEn')
  if (r.body.trim() !== '' && r.body_en.trim() === '') out.push('BodyEn')
  specs.forEach((s, i) => {
    if (s.Name.trim() !== '' && s.NameEn.trim() === '') out.push(`Specs.${i}.NameEn`)
    if (specValueLacksEnglish(s)) out.push(`Specs.${i}.ValueEn`)
  })
  return out
}

/** Products for staff: unpublished too, searched, filtered, paged, in sort order (then category order). */
export async function listAdminProducts(
  db: Kysely<Database>,
  q: z.output<typeof productAdminListBody>,
) {
  let base = db
    .selectFrom('product')
    .innerJoin('product_category as c', 'c.id', 'product.category_id')
  if (q.categoryId !== undefined) base = base.where('product.category_id', '=', q.categoryId)
  if (q.published !== undefined) base = base.where('product.published', '=', q.published ? 1 : 0)
  if (q.keyword) {
    const like = escapeLike(q.keyword)
    base = base.where((eb) =>
      eb.or([
        eb('product.title', 'like', like),
        eb('product.title_en', 'like', like),
        eb('product.part_no', 'like', like),
      ]),
    )
  }
  if (q.missingEn) {
    base = base.where((eb) =>
      eb.or([
        eb('product.title_en', '=', ''),
        eb.and([eb('product.summary', '!=', ''), eb('product.summary_en', '=', '')]),
        eb.and([eb('product.body', '!=', ''), eb('product.body_en', '=', '')]),
      ]),
    )
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll('product')
      .select(['c.title as category_title', 'c.title_en as category_title_en'])
      // the sort number first (a product given sort 1 is at the top of the staff list,
      // not on the last page behind every earlier category), then category order
      .orderBy('product.sort')
      .orderBy('c.sort')
      .orderBy('product.category_id')
      .orderBy('product.id')
      .offset((q.pageIndex - 1) * q.pageSize)
      .limit(q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  const result: AdminProduct[] = rows.map((r) => {
    const specs = parseJsonColumn<object[]>(r.specs, []).map(specRowOf)
    const images = parseJsonColumn<{ url: string; thumb?: string }[]>(r.images, [])
    return {
      Id: r.id,
      CategoryId: r.category_id,
      CategoryTitle: r.category_title,
      CategoryTitleEn: r.category_title_en,
      Title: r.title,
      TitleEn: r.title_en,
      PartNo: r.part_no,
      Summary: r.summary,
      SummaryEn: r.summary_en,
      Body: r.body,
      BodyEn: r.body_en,
      Specs: specs,
      Images: images.map((i) => ({ url: i.url, thumb: i.thumb || i.url })),
      Sort: r.sort,
      Published: r.published === 1,
      Featured: r.featured === 1,
      MissingEn: missingEnglish(r, specs),
      UpdateTime: r.updated_at,
      RowVersion: r.row_version,
    }
  })
  return { result, total: Number(count.n) }
}
