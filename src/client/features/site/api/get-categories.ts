import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { siteSchemas } from './site-contract.ts'
import { getCall } from '#client/lib/http'

/** Product categories: `CommonData/GetList` with type 20, parentId 0, view 1 (SPEC §7). */
export async function getCategories() {
  const { categoryListResponse } = await siteSchemas()
  const body = await getCall('CommonData/GetList', categoryListResponse, {
    type: 20,
    parentId: 0,
    view: 1,
    pageIndex: 1,
    pageSize: 99999,
  })
  return body.data.result
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['site', 'categories'], queryFn: getCategories, staleTime: 5 * 60_000 })

export const useCategories = () => useSuspenseQuery(categoriesQueryOptions())
