import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { GridScreen } from '#client/features/orders/grid/grid-screen'
import { parseGridSearch } from '#client/features/orders/grid/grid-search'
import { financeGrid } from '#client/features/orders/kinds/supply-grids'

export const Route = createFileRoute('/_staff/supplier/finance')({
  staticData: { title: msg`Finance` },
  validateSearch: parseGridSearch,
  component: function SupplierFinanceRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <GridScreen
        config={financeGrid}
        search={search}
        onShowAll={() => void navigate({ search: {} })}
      />
    )
  },
})
