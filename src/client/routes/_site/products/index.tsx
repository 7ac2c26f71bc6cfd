import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ProductsPage } from '#client/features/site/components/products-page'
import { productsQueryOptions } from '#client/features/site/api/get-products'
import { toId } from '#client/lib/search-params'

export const Route = createFileRoute('/_site/products/')({
  staticData: { title: msg`Product centre` },
  validateSearch: (s: Record<string, unknown>): { sort?: number } => {
    const sort = toId(s.sort)
    return sort === undefined ? {} : { sort }
  },
  loaderDeps: ({ search }) => ({ sort: search.sort }),
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureInfiniteQueryData(productsQueryOptions(deps.sort)),
  component: function ProductsRoute() {
    const { sort } = Route.useSearch()
    return <ProductsPage sort={sort} />
  },
})
