import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { RolesPage } from '#client/features/system/components/roles-page'

export const Route = createFileRoute('/_staff/system/role')({
  staticData: { title: msg`Roles` },
  component: RolesPage,
})
