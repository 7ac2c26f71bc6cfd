import { gridListResponse } from '#shared/contract/grid-fields'
import { orderRow } from '#shared/contract/orders'
import { postCall } from '#client/lib/http'
import { gridKey } from './grid-keys.ts'

export const orderChoiceCount = 10

export type OrderChoice = { Id: number; OrderNo: string; Customer: string; PartName: string }

/**
 * Orders to pick for a record (`POST Order/GetList {keyword}`): those whose number, customer or
 * part holds the keyword, newest first; the newest ones when there is no keyword.
 */
export async function getOrderChoices(keyword: string): Promise<OrderChoice[]> {
  const { data } = await postCall('Order/GetList', gridListResponse(orderRow), {
    ...(keyword ? { keyword } : {}),
    pageIndex: 1,
    pageSize: orderChoiceCount,
  })
  return data.result.map((r) => ({
    Id: Number(r.Id),
    OrderNo: r.OrderNo ?? '',
    Customer: r.Customer ?? '',
    PartName: r.PartName ?? '',
  }))
}

/** The choices for a keyword, under the Order grid's key: saving orders refreshes them. */
export const orderChoicesQuery = (keyword: string) => ({
  queryKey: [...gridKey('Order'), 'choices', keyword],
  queryFn: () => getOrderChoices(keyword),
  staleTime: 30_000,
})
