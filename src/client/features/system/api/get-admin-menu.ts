import { queryOptions, useQuery } from '@tanstack/react-query'
import { menuAdminListResponse } from '#shared/contract/menu'
import { postCall } from '#client/lib/http'

export const adminMenuKey = ['system', 'menu'] as const

/** `POST Menu/GetList`: the whole menu tree with ids, sort and permissions (admin). */
export async function getAdminMenu() {
  return (await postCall('Menu/GetList', menuAdminListResponse, {})).data
}

export const adminMenuQueryOptions = () =>
  queryOptions({ queryKey: adminMenuKey, queryFn: getAdminMenu })

export const useAdminMenu = () => useQuery(adminMenuQueryOptions())
