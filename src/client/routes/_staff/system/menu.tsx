import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { MenusPage } from '#client/features/system/components/menus-page'

export const Route = createFileRoute('/_staff/system/menu')({
  staticData: { title: msg`Menus` },
  component: MenusPage,
})
