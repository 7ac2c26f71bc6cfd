import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { GridScreen } from '#client/features/orders/grid/grid-screen'
import { parseGridSearch } from '#client/features/orders/grid/grid-search'
import { shipmentGrid } from '#client/features/orders/kinds/order-grids'

export const Route = createFileRoute('/_staff/ship/ship')({
  staticData: { title: msg`Shipping` },
  validateSearch: parseGridSearch,
  component: function ShipShipRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <GridScreen
        config={shipmentGrid}
        search={search}
        onShowAll={() => void navigate({ search: {} })}
      />
    )
  },
})
