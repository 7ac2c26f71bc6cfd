import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { noticeListResponse, type NoticeType } from '#shared/contract/notices'
import { postCall } from '#client/lib/http'
import { currentLocale, type Locale } from '#client/lib/i18n'
import { useLocale } from '#client/lib/locale-store'

/** Every notices query starts with this key: a push or a mark-read invalidates them all. */
export const noticesKey = ['notices'] as const

/** `Notice/GetList` filters (SPEC §7: the bell sends pageIndex 1, pageSize 10, isAll). */
export type NoticeFilters = {
  pageIndex?: number
  pageSize?: number
  /** false lists only unread notices */
  isAll?: boolean
  isRead?: boolean
  createType?: NoticeType
}

/** The bell's unread list; its `UnreadCount` is the badge figure. */
export const unreadFilters: NoticeFilters = { pageIndex: 1, pageSize: 10, isAll: false }
/** The bell's "Recently read" tab. */
export const recentlyReadFilters: NoticeFilters = {
  pageIndex: 1,
  pageSize: 10,
  isAll: true,
  isRead: true,
}

/** `POST Notice/GetList`: a page of the signed-in user's notices, newest first, with the unread count. */
export async function getNotices(filters: NoticeFilters = {}) {
  const body = {
    pageIndex: filters.pageIndex ?? 1,
    pageSize: filters.pageSize ?? 10,
    isAll: filters.isAll ?? true,
    ...(filters.isRead === undefined ? {} : { isRead: filters.isRead }),
    ...(filters.createType === undefined ? {} : { createType: filters.createType }),
  }
  return (await postCall('Notice/GetList', noticeListResponse, body)).data
}

/** Keyed by language too: the server sends each notice's text in the request's language. */
export const noticesQueryOptions = (
  filters: NoticeFilters = {},
  locale: Locale = currentLocale(),
) =>
  queryOptions({
    queryKey: [...noticesKey, 'list', locale, filters],
    queryFn: () => getNotices(filters),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  })

export function useNotices(filters: NoticeFilters = {}, enabled = true) {
  const locale = useLocale()
  return useQuery({ ...noticesQueryOptions(filters, locale), enabled })
}
