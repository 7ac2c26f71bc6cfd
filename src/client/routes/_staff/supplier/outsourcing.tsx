import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { GridScreen } from '#client/features/orders/grid/grid-screen'
import { parseGridSearch } from '#client/features/orders/grid/grid-search'
import { outsourcingGrid } from '#client/features/orders/kinds/supply-grids'

export const Route = createFileRoute('/_staff/supplier/outsourcing')({
  staticData: { title: msg`Outsourcing` },
  validateSearch: parseGridSearch,
  component: function SupplierOutsourcingRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <GridScreen
        config={outsourcingGrid}
        search={search}
        onShowAll={() => void navigate({ search: {} })}
      />
    )
  },
})
