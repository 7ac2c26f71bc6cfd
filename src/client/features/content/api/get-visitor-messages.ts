import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { leavingListResponse } from '#shared/contract/leaving-admin'
import { postCall } from '#client/lib/http'

export const visitorMessagesKey = ['content', 'visitor-messages'] as const

export type VisitorMessageFilters = { pageIndex: number; pageSize: number; handled?: boolean }

/** `POST Leaving/GetList`: visitor messages, newest first, optionally only handled or unhandled ones. */
export async function getVisitorMessages(f: VisitorMessageFilters) {
  return (await postCall('Leaving/GetList', leavingListResponse, f)).data
}

export const visitorMessagesQueryOptions = (f: VisitorMessageFilters) =>
  queryOptions({
    queryKey: [...visitorMessagesKey, f],
    queryFn: () => getVisitorMessages(f),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

export const useVisitorMessages = (f: VisitorMessageFilters) =>
  useQuery(visitorMessagesQueryOptions(f))
