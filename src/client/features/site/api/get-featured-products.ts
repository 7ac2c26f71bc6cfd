import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { getProducts } from './get-products.ts'

/** A few featured products for the home page. */
export const featuredProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['site', 'products', 'featured'],
    queryFn: async () => (await getProducts({ pageIndex: 1, pageSize: 6, featured: true })).result,
  })

export const useFeaturedProducts = () => useSuspenseQuery(featuredProductsQueryOptions())
