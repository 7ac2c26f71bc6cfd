import type { Category } from '#shared/contract/content'

export const defaultCategoryImage = '/images/default-category.webp'

/** A category's image, or the default image when it has none (SPEC §2). */
export function categoryImage(c: Pick<Category, 'ImgUrl'>): string {
  return c.ImgUrl.find((i) => i.url)?.url ?? defaultCategoryImage
}
