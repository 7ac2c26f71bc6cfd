import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { NewsAdminPage } from '#client/features/content/components/news-admin-page'

export const Route = createFileRoute('/_staff/admin/news')({
  staticData: { title: msg`News` },
  component: NewsAdminPage,
})
