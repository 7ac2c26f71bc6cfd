import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { SupplierApplyPage } from '#client/features/site/components/supplier-apply-page'

export const Route = createFileRoute('/_site/supplier-apply')({
  staticData: { title: msg`Become a supplier` },
  component: SupplierApplyPage,
})
