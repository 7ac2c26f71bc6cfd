import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { newsAdminListResponse } from '#shared/contract/site-admin'
import { postCall } from '#client/lib/http'

export const adminNewsKey = ['content', 'news'] as const

export type AdminNewsFilters = { pageIndex: number; pageSize: number; keyword?: string }

/** `POST News/GetAdminList`: news, unpublished too, newest first, with bodies. */
export async function getAdminNews(f: AdminNewsFilters) {
  return (await postCall('News/GetAdminList', newsAdminListResponse, f)).data
}

export const adminNewsQueryOptions = (f: AdminNewsFilters) =>
  queryOptions({
    queryKey: [...adminNewsKey, f],
    queryFn: () => getAdminNews(f),
    placeholderData: keepPreviousData,
  })

export const useAdminNews = (f: AdminNewsFilters) => useQuery(adminNewsQueryOptions(f))
