import type { Category } from '#shared/contract/content'
import { atBase } from '#client/lib/base-url'

export const defaultCategoryImage = atBase('/images/default-category.webp')

/** A category's image, or the default image when it has none (SPEC §2). */
export function categoryImage(c: Pick<Category, 'ImgUrl'>): string {
  return c.ImgUrl.find((i) => i.url)?.url ?? defaultCategoryImage
}
