import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { GridScreen } from '#client/features/orders/grid/grid-screen'
import { parseGridSearch } from '#client/features/orders/grid/grid-search'
import { productionReportGrid } from '#client/features/orders/kinds/supply-grids'
import { ProductionChart } from '#client/features/orders/production/production-chart'

export const Route = createFileRoute('/_staff/production/report')({
  staticData: { title: msg`Production reports` },
  validateSearch: parseGridSearch,
  component: function ProductionReportRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <GridScreen
        config={productionReportGrid}
        search={search}
        intro={<ProductionChart />}
        onShowAll={() => void navigate({ search: {} })}
      />
    )
  },
})
