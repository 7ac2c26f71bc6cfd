import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { productAdminListResponse } from '#shared/contract/content-admin'
import { postCall } from '#client/lib/http'

export const adminProductsKey = ['content', 'products'] as const

export type AdminProductFilters = {
  pageIndex: number
  pageSize: number
  keyword?: string
  missingEn?: boolean
  categoryId?: number
}

/** `POST Product/GetAdminList`: products, unpublished too, with the English fields they lack. */
export async function getAdminProducts(f: AdminProductFilters) {
  return (await postCall('Product/GetAdminList', productAdminListResponse, f)).data
}

export const adminProductsQueryOptions = (f: AdminProductFilters) =>
  queryOptions({
    queryKey: [...adminProductsKey, f],
    queryFn: () => getAdminProducts(f),
    placeholderData: keepPreviousData,
  })

export const useAdminProducts = (f: AdminProductFilters) => useQuery(adminProductsQueryOptions(f))
