import { queryOptions, useQuery } from '@tanstack/react-query'
import { productListResponse } from '#shared/contract/content'
import { getCall } from '#client/lib/http'

export const productSuggestionCount = 8

/** Products whose name or part number holds the keyword: `GET CommonData/GetProductList?keyword=`. */
export async function getProductSuggestions(keyword: string) {
  const body = await getCall('CommonData/GetProductList', productListResponse, {
    keyword,
    pageIndex: 1,
    pageSize: productSuggestionCount,
  })
  return body.data.result
}

export const productSuggestionsQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: ['search', 'products', keyword],
    queryFn: () => getProductSuggestions(keyword),
    staleTime: 5 * 60_000,
  })

export const useProductSuggestions = (keyword: string) =>
  useQuery({ ...productSuggestionsQueryOptions(keyword), enabled: keyword !== '' })
