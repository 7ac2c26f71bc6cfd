import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  categoryImage,
  defaultCategoryImage,
} from '#client/features/site/components/category-image'

describe('category images in the product-centre menu', () => {
  it('shows the default image for a category without one, a file the site serves', () => {
    expect(categoryImage({ ImgUrl: [] })).toBe(defaultCategoryImage)
    expect(categoryImage({ ImgUrl: [{ url: '' }] })).toBe(defaultCategoryImage)
    expect(defaultCategoryImage).toMatch(/\/images\/default-category\.webp$/)
    expect(existsSync('public/images/default-category.webp')).toBe(true)
  })

  it("shows a category's own first image when it has one", () => {
    expect(categoryImage({ ImgUrl: [{ url: '' }, { url: '/uploads/a.webp' }] })).toBe(
      '/uploads/a.webp',
    )
  })
})
