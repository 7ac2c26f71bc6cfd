import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { UsersPage } from '#client/features/system/components/users-page'

export const Route = createFileRoute('/_staff/system/user')({
  staticData: { title: msg`Users` },
  component: UsersPage,
})
