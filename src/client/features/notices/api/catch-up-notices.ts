import { hashKey, type QueryClient } from '@tanstack/react-query'
import type { Locale } from '#client/lib/i18n'
import { noticesKey, noticesQueryOptions, unreadFilters, type getNotices } from './get-notices.ts'

type NoticePage = Awaited<ReturnType<typeof getNotices>>

/** Whether two unread pages show the same thing: the same count and the same notices. */
const sameHead = (a: NoticePage, b: NoticePage) =>
  a.UnreadCount === b.UnreadCount &&
  a.total === b.total &&
  a.result.length === b.result.length &&
  a.result.every((n, i) => n.Id === b.result[i]!.Id && n.IsRead === b.result[i]!.IsRead)

/**
 * After the socket (re)connects: one request, the bell's unread page, tells whether
 * anything was missed while disconnected. Only then are the other notice queries (read tab,
 * workbench) refetched; a server restart with nothing missed costs each tab one request
 * instead of a reload of every notices query.
 */
export async function catchUpNotices(queryClient: QueryClient, locale: Locale): Promise<void> {
  const options = noticesQueryOptions(unreadFilters, locale)
  const before = queryClient.getQueryData(options.queryKey)
  const after = await queryClient.fetchQuery({ ...options, staleTime: 0 })
  if (before && sameHead(before, after)) return
  const fetched = hashKey(options.queryKey)
  await queryClient.invalidateQueries({
    queryKey: noticesKey,
    predicate: (q) => q.queryHash !== fetched,
  })
}
