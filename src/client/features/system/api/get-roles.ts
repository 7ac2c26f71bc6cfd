import { queryOptions, useQuery } from '@tanstack/react-query'
import { roleListResponse } from '#shared/contract/system-roles'
import { postCall } from '#client/lib/http'

export const rolesKey = ['system', 'roles'] as const

/** `POST Role/GetList`: every role with its abilities, menu entries and permission strings. */
export async function getRoles() {
  return (await postCall('Role/GetList', roleListResponse, {})).data.result
}

export const rolesQueryOptions = () => queryOptions({ queryKey: rolesKey, queryFn: getRoles })

export const useRoles = () => useQuery(rolesQueryOptions())
