import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { AboutAdminPage } from '#client/features/content/components/about-admin-page'

export const Route = createFileRoute('/_staff/admin/about')({
  staticData: { title: msg`About us` },
  component: AboutAdminPage,
})
