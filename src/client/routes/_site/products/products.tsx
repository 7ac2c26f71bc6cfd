import { createFileRoute, redirect } from '@tanstack/react-router'
import { toId } from '#client/lib/search-params'

/** Old product-centre links `/products/products?sort=` (SPEC §2) go to `/products?sort=`. */
export const Route = createFileRoute('/_site/products/products')({
  beforeLoad: ({ search }) => {
    const sort = toId((search as Record<string, unknown>).sort)
    throw redirect({ to: '/products', search: sort === undefined ? {} : { sort }, replace: true })
  },
})
