import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { siteSchemas } from './site-contract.ts'
import { getCall } from '#client/lib/http'

/** Equipment items. */
export async function getEquipment() {
  const { equipmentListResponse } = await siteSchemas()
  return (await getCall('Equipment/GetList', equipmentListResponse)).data
}

export const equipmentQueryOptions = () =>
  queryOptions({ queryKey: ['site', 'equipment'], queryFn: getEquipment })

export const useEquipment = () => useSuspenseQuery(equipmentQueryOptions())
