import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { NotAvailable } from '#client/components/feedback/not-available'

export const Route = createFileRoute('/_staff/admin/equipment')({
  staticData: { title: msg`Equipment` },
  component: NotAvailable,
})
