import { queryOptions, useQuery } from '@tanstack/react-query'
import { equipmentAdminListResponse } from '#shared/contract/site-admin'
import { postCall } from '#client/lib/http'

export const adminEquipmentKey = ['content', 'equipment'] as const

/** `POST Equipment/GetAdminList`: every equipment item in its order. */
export async function getAdminEquipment() {
  return (await postCall('Equipment/GetAdminList', equipmentAdminListResponse, {})).data.result
}

export const adminEquipmentQueryOptions = () =>
  queryOptions({ queryKey: adminEquipmentKey, queryFn: getAdminEquipment })

export const useAdminEquipment = () => useQuery(adminEquipmentQueryOptions())
