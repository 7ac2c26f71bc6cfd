import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { equipmentListResponse } from '#shared/contract/content'
import { getCall } from '#client/lib/http'

/** Equipment items. */
export async function getEquipment() {
  return (await getCall('Equipment/GetList', equipmentListResponse)).data
}

export const equipmentQueryOptions = () => queryOptions({ queryKey: ['site', 'equipment'], queryFn: getEquipment })

export const useEquipment = () => useSuspenseQuery(equipmentQueryOptions())
