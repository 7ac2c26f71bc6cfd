import { queryOptions, useQuery } from '@tanstack/react-query'
import { gridListResponse } from '#shared/contract/grid-fields'
import { orderRow } from '#shared/contract/orders'
import { postCall } from '#client/lib/http'

export const orderSuggestionCount = 5

/** Orders whose number, customer or part holds the keyword: `POST Order/GetList {keyword}`. */
export async function getOrderSuggestions(keyword: string) {
  const { data } = await postCall('Order/GetList', gridListResponse(orderRow), {
    keyword,
    pageIndex: 1,
    pageSize: orderSuggestionCount,
  })
  return data.result
}

export const orderSuggestionsQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: ['search', 'orders', keyword],
    queryFn: () => getOrderSuggestions(keyword),
    staleTime: 60_000,
  })

/** Only for users who may see orders (the endpoint answers 403 otherwise). */
export const useOrderSuggestions = (keyword: string, enabled: boolean) =>
  useQuery({ ...orderSuggestionsQueryOptions(keyword), enabled: enabled && keyword !== '' })
