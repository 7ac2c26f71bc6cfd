import { queryOptions, useQuery } from '@tanstack/react-query'
import { noticeListResponse } from '#shared/contract/notices'
import { postCall } from '#client/lib/http'

/** `Notice/GetList` with one unread row: only its `UnreadCount` is used. */
export async function getUnreadCount() {
  const { data } = await postCall('Notice/GetList', noticeListResponse, {
    pageIndex: 1,
    pageSize: 1,
    isAll: false,
  })
  return data.UnreadCount
}

/** Under the `notices` key, so a real-time push (which refreshes every notices query) updates it too. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: ['notices', 'unread-count'],
    queryFn: getUnreadCount,
    staleTime: 30_000,
  })

export const useUnreadCount = () => useQuery(unreadCountQueryOptions())
