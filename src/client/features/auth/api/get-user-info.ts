import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { userInfoResponse } from '#shared/contract/sign-in'
import { getCall } from '#client/lib/http'

/** `User/Get`: the signed-in user; the contract schema checks its shape (SPEC §5). */
export async function getUserInfo() {
  return (await getCall('User/Get', userInfoResponse)).data
}

export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'user-info'],
    queryFn: getUserInfo,
    staleTime: 5 * 60_000,
    retry: false,
  })

export const useUserInfo = () => useSuspenseQuery(userInfoQueryOptions())
