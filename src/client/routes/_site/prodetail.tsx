import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ProductDetailPage } from '#client/features/site/components/product-detail-page'
import { productQueryOptions } from '#client/features/site/api/get-product'
import { toId } from '#client/lib/search-params'

export const Route = createFileRoute('/_site/prodetail')({
  staticData: { title: msg`Product detail` },
  validateSearch: (s: Record<string, unknown>): { id: number } => ({ id: toId(s.id) ?? 0 }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context: { queryClient }, deps }) =>
    deps.id > 0 ? queryClient.ensureQueryData(productQueryOptions(deps.id)) : null,
  component: function ProductDetailRoute() {
    const { id } = Route.useSearch()
    return <ProductDetailPage id={id} />
  },
})
