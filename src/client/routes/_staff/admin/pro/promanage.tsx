import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ProductsAdminPage } from '#client/features/content/components/products-admin-page'

export const Route = createFileRoute('/_staff/admin/pro/promanage')({
  staticData: { title: msg`Product management` },
  component: ProductsAdminPage,
})
