import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { GridScreen } from '#client/features/orders/grid/grid-screen'
import { supplierFormGrid } from '#client/features/orders/kinds/supplier-form-grid'

export const Route = createFileRoute('/_staff/supplier/forms')({
  staticData: { title: msg`Supplier forms` },
  component: function SupplierFormsRoute() {
    return <GridScreen config={supplierFormGrid} search={{}} onShowAll={() => {}} />
  },
})
