import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { GridScreen } from '#client/features/orders/grid/grid-screen'
import { parseGridSearch } from '#client/features/orders/grid/grid-search'
import { warehouseGrid } from '#client/features/orders/kinds/supply-grids'

export const Route = createFileRoute('/_staff/supplier/warehouse')({
  staticData: { title: msg`Warehouse` },
  validateSearch: parseGridSearch,
  component: function SupplierWarehouseRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <GridScreen
        config={warehouseGrid}
        search={search}
        onShowAll={() => void navigate({ search: {} })}
      />
    )
  },
})
