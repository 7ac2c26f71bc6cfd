import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { siteSchemas } from './site-contract.ts'
import { getItemCall } from '#client/lib/http'

/** One published news item; null when it does not exist. */
export async function getNews(id: number) {
  const { newsDetailResponse } = await siteSchemas()
  return (await getItemCall('News/Get', newsDetailResponse, { id }))?.data ?? null
}

export const newsQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['site', 'news-item', id], queryFn: () => getNews(id) })

export const useNews = (id: number) => useSuspenseQuery(newsQueryOptions(id))
