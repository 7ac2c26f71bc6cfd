import { queryOptions, useQuery } from '@tanstack/react-query'
import { categoryListResponse } from '#shared/contract/content'
import { postCall } from '#client/lib/http'

export const adminCategoriesKey = ['content', 'categories'] as const

/** Product categories in order (`CommonData/GetList` type 20, POST so no cache keeps an old copy). */
export async function getAdminCategories() {
  return (
    await postCall('CommonData/GetList', categoryListResponse, {
      type: 20,
      parentId: 0,
      pageIndex: 1,
      pageSize: 99999,
    })
  ).data.result
}

export const adminCategoriesQueryOptions = () =>
  queryOptions({ queryKey: adminCategoriesKey, queryFn: getAdminCategories })

export const useAdminCategories = () => useQuery(adminCategoriesQueryOptions())
