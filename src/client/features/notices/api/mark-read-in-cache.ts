import type { QueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { noticeListResponse } from '#shared/contract/notices'
import { noticesKey, type NoticeFilters } from './get-notices.ts'

type NoticePage = z.output<typeof noticeListResponse>['data']

/**
 * Shows notices as read in every cached notice list at once (also offline, before the write
 * reaches the server): read flags set, unread counts lowered, unread-only lists drop them.
 */
export function markReadInCache(queryClient: QueryClient, ids: readonly number[]) {
  const wanted = new Set(ids)
  for (const [key, page] of queryClient.getQueriesData<NoticePage>({
    queryKey: [...noticesKey, 'list'],
  })) {
    if (!page) continue
    const changed = page.result.filter((n) => wanted.has(n.Id) && !n.IsRead).length
    const unreadOnly = (key[3] as NoticeFilters | undefined)?.isAll === false
    const result = page.result
      .map((n) => (wanted.has(n.Id) ? { ...n, IsRead: true } : n))
      .filter((n) => !(unreadOnly && wanted.has(n.Id)))
    queryClient.setQueryData<NoticePage>(key, {
      ...page,
      result,
      total: unreadOnly
        ? Math.max(0, page.total - (page.result.length - result.length))
        : page.total,
      UnreadCount: Math.max(0, page.UnreadCount - changed),
    })
  }
}
