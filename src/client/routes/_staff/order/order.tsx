import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { GridScreen } from '#client/features/orders/grid/grid-screen'
import { parseGridSearch } from '#client/features/orders/grid/grid-search'
import { orderGrid } from '#client/features/orders/kinds/order-grids'

export const Route = createFileRoute('/_staff/order/order')({
  staticData: { title: msg`Orders` },
  validateSearch: parseGridSearch,
  component: function OrderOrderRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <GridScreen
        config={orderGrid}
        search={search}
        onShowAll={() => void navigate({ search: {} })}
      />
    )
  },
})
