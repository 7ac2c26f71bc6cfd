import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { siteSchemas } from './site-contract.ts'
import { getCall } from '#client/lib/http'

/** Published news, newest first. */
export async function getNewsList(pageIndex: number, pageSize: number) {
  const { newsListResponse } = await siteSchemas()
  return (await getCall('News/GetList', newsListResponse, { pageIndex, pageSize })).data
}

export const newsListQueryOptions = (pageIndex = 1, pageSize = 20) =>
  queryOptions({
    queryKey: ['site', 'news', pageIndex, pageSize],
    queryFn: () => getNewsList(pageIndex, pageSize),
  })

export const useNewsList = (pageIndex = 1, pageSize = 20) =>
  useSuspenseQuery(newsListQueryOptions(pageIndex, pageSize))
