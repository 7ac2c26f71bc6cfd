import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { newsDetailResponse } from '#shared/contract/content'
import { getItemCall } from '#client/lib/http'

/** One published news item; null when it does not exist. */
export async function getNews(id: number) {
  return (await getItemCall('News/Get', newsDetailResponse, { id }))?.data ?? null
}

export const newsQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['site', 'news-item', id], queryFn: () => getNews(id) })

export const useNews = (id: number) => useSuspenseQuery(newsQueryOptions(id))
