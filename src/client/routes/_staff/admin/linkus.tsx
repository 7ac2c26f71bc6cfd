import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ContactAdminPage } from '#client/features/content/components/contact-admin-page'

export const Route = createFileRoute('/_staff/admin/linkus')({
  staticData: { title: msg`Contact information` },
  component: ContactAdminPage,
})
