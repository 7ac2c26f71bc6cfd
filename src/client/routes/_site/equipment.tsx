import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { EquipmentPage } from '#client/features/site/components/equipment-page'
import { equipmentQueryOptions } from '#client/features/site/api/get-equipment'

export const Route = createFileRoute('/_site/equipment')({
  staticData: { title: msg`Equipment` },
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(equipmentQueryOptions()),
  component: EquipmentPage,
})
