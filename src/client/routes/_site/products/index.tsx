import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ProductsPage } from '#client/features/site/components/products-page'
import { productsQueryOptions } from '#client/features/site/api/get-products'
import { toId } from '#client/lib/search-params'

export const Route = createFileRoute('/_site/products/')({
  staticData: { title: msg`Product centre` },
  validateSearch: (s: Record<string, unknown>): { sort?: number; keyword?: string } => {
    const sort = toId(s.sort)
    // the search box of the not-found page
    const keyword = typeof s.keyword === 'string' ? s.keyword.trim().slice(0, 100) : ''
    return { ...(sort === undefined ? {} : { sort }), ...(keyword ? { keyword } : {}) }
  },
  loaderDeps: ({ search }) => ({ sort: search.sort, keyword: search.keyword }),
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureInfiniteQueryData(productsQueryOptions(deps.sort, deps.keyword)),
  component: function ProductsRoute() {
    const { sort, keyword } = Route.useSearch()
    return <ProductsPage sort={sort} keyword={keyword} />
  },
})
