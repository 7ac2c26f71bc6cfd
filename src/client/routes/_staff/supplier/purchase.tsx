import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { GridScreen } from '#client/features/orders/grid/grid-screen'
import { parseGridSearch } from '#client/features/orders/grid/grid-search'
import { purchaseGrid } from '#client/features/orders/kinds/supply-grids'

export const Route = createFileRoute('/_staff/supplier/purchase')({
  staticData: { title: msg`Purchase` },
  validateSearch: parseGridSearch,
  component: function SupplierPurchaseRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <GridScreen
        config={purchaseGrid}
        search={search}
        onShowAll={() => void navigate({ search: {} })}
      />
    )
  },
})
