import { queryOptions, useQuery } from '@tanstack/react-query'
import { countOnlyResponse } from '#shared/contract/counts'
import { postCall } from '#client/lib/http'

/** `User/GetList {role:'', pageSize:1}` (admin): how many accounts, such as new sign-ups, wait for a role. */
export async function getAccountsWithoutRole() {
  const { data } = await postCall('User/GetList', countOnlyResponse, {
    role: '',
    pageIndex: 1,
    pageSize: 1,
  })
  return data.total
}

export const accountsWithoutRoleQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'users', 'without-role'],
    queryFn: getAccountsWithoutRole,
    staleTime: 60_000,
  })

/** Only asked for administrators (the endpoint answers 403 to others). */
export const useAccountsWithoutRole = (enabled: boolean) =>
  useQuery({ ...accountsWithoutRoleQueryOptions(), enabled })
