import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { userListResponse } from '#shared/contract/system-users'
import { postCall } from '#client/lib/http'

export type UserFilter = {
  keyword?: string
  role?: string
  departmentId?: number
  ban?: boolean
  pageIndex: number
  pageSize: number
}

export const usersKey = ['system', 'users'] as const

/** `POST User/GetList`: a page of accounts, newest first. */
export async function getUsers(f: UserFilter) {
  return (await postCall('User/GetList', userListResponse, f)).data
}

export const usersQueryOptions = (f: UserFilter) =>
  queryOptions({
    queryKey: [...usersKey, f],
    queryFn: () => getUsers(f),
    placeholderData: keepPreviousData,
  })

export const useUsers = (f: UserFilter) => useQuery(usersQueryOptions(f))
