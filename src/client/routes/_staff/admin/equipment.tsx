import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { EquipmentAdminPage } from '#client/features/content/components/equipment-admin-page'

export const Route = createFileRoute('/_staff/admin/equipment')({
  staticData: { title: msg`Equipment` },
  component: EquipmentAdminPage,
})
