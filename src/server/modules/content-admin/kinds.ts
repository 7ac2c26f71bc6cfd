import type { Kysely } from 'kysely'
import {
  carouselInsert,
  carouselUpdate,
  categoryInsert,
  categoryUpdate,
  productInsert,
  productUpdate,
} from '#shared/contract/content-admin'
import {
  equipmentInsert,
  equipmentUpdate,
  newsInsert,
  newsUpdate,
} from '#shared/contract/site-admin'
import type { Database } from '../../db/schema.ts'
import type { ContentKind } from './content-kind.ts'

/** `SaveCarousel`: home page slides; reorder by updating Sort. */
export const carouselKind: ContentKind = {
  name: 'Carousel',
  menu: ['/admin/lunbo'],
  table: 'carousel',
  fields: {
    Image: ['image', 'text'],
    ImageSm: ['image_sm', 'text'],
    Title: ['title', 'text'],
    TitleEn: ['title_en', 'text'],
    Link: ['link', 'text'],
    Sort: ['sort', 'int'],
    Enabled: ['enabled', 'bool'],
  },
  insert: carouselInsert,
  update: carouselUpdate,
}

/** `SaveCategory`: product categories; one with products cannot be removed. */
export const categoryKind: ContentKind = {
  name: 'Category',
  menu: ['/admin/pro/promanage'],
  table: 'product_category',
  fields: {
    Title: ['title', 'text'],
    TitleEn: ['title_en', 'text'],
    ImgUrl: ['img_url', 'json'],
    Sort: ['sort', 'int'],
  },
  insert: categoryInsert,
  update: categoryUpdate,
  createdColumn: 'created_at',
  insertDefaults: () => ({ parent_id: 0 }),
  async refuseRemove(db: Kysely<Database>, id: number) {
    const used = await db
      .selectFrom('product')
      .select('id')
      .where('category_id', '=', id)
      .executeTakeFirst()
    return used ? 'categoryNotEmpty' : undefined
  },
}

/** `SaveProduct`: its category must exist. */
export const productKind: ContentKind = {
  name: 'Product',
  menu: ['/admin/pro/promanage'],
  table: 'product',
  fields: {
    CategoryId: ['category_id', 'int'],
    Title: ['title', 'text'],
    TitleEn: ['title_en', 'text'],
    PartNo: ['part_no', 'text'],
    Summary: ['summary', 'text'],
    SummaryEn: ['summary_en', 'text'],
    Body: ['body', 'text'],
    BodyEn: ['body_en', 'text'],
    Specs: ['specs', 'json'],
    Images: ['images', 'json'],
    Sort: ['sort', 'int'],
    Published: ['published', 'bool'],
    Featured: ['featured', 'bool'],
  },
  insert: productInsert,
  update: productUpdate,
  createdColumn: 'created_at',
  updatedColumn: 'updated_at',
  async check(db, values): Promise<Record<string, string>> {
    const found = await db
      .selectFrom('product_category')
      .select('id')
      .where('id', '=', Number(values.category_id))
      .executeTakeFirst()
    return found ? {} : { CategoryId: 'categoryNotFound' }
  },
}

/** `SaveNews`: PublishedAt defaults to now. */
export const newsKind: ContentKind = {
  name: 'News',
  menu: ['/admin/news'],
  table: 'news',
  fields: {
    Title: ['title', 'text'],
    TitleEn: ['title_en', 'text'],
    Summary: ['summary', 'text'],
    SummaryEn: ['summary_en', 'text'],
    Body: ['body', 'text'],
    BodyEn: ['body_en', 'text'],
    Image: ['image', 'text'],
    Gallery: ['gallery', 'json'],
    Published: ['published', 'bool'],
    PublishedAt: ['published_at', 'text'],
  },
  insert: newsInsert,
  update: newsUpdate,
  insertDefaults: (now) => ({ published_at: now }),
}

/** `SaveEquipment`. */
export const equipmentKind: ContentKind = {
  name: 'Equipment',
  menu: ['/admin/equipment'],
  table: 'equipment',
  fields: {
    Name: ['name', 'text'],
    NameEn: ['name_en', 'text'],
    Description: ['description', 'text'],
    DescriptionEn: ['description_en', 'text'],
    Image: ['image', 'text'],
    Gallery: ['gallery', 'json'],
    Quantity: ['quantity', 'int'],
    Sort: ['sort', 'int'],
  },
  insert: equipmentInsert,
  update: equipmentUpdate,
}

export const contentKinds = [carouselKind, categoryKind, productKind, newsKind, equipmentKind]
