import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { GridScreen } from '#client/features/orders/grid/grid-screen'
import { parseGridSearch } from '#client/features/orders/grid/grid-search'
import { qualityGrid } from '#client/features/orders/kinds/supply-grids'

export const Route = createFileRoute('/_staff/supplier/quality')({
  staticData: { title: msg`Quality inspection` },
  validateSearch: parseGridSearch,
  component: function SupplierQualityRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <GridScreen
        config={qualityGrid}
        search={search}
        onShowAll={() => void navigate({ search: {} })}
      />
    )
  },
})
