import { queryOptions, useQuery } from '@tanstack/react-query'
import { countOnlyResponse } from '#shared/contract/counts'
import { postCall } from '#client/lib/http'

/** `Order/GetList {auditStatus:0, pageSize:1}`: how many orders wait for their audit. */
export async function getPendingOrders() {
  // read for its count only: the order rows' schema (grid fields, files, areas) stays with the grid
  const { data } = await postCall('Order/GetList', countOnlyResponse, {
    auditStatus: 0,
    pageIndex: 1,
    pageSize: 1,
  })
  return data.total
}

// under the grid's key, so saving or auditing an order refreshes the figure
export const pendingOrdersQueryOptions = () =>
  queryOptions({
    queryKey: ['grid', 'Order', 'pending-count'],
    queryFn: getPendingOrders,
    staleTime: 60_000,
  })

/** Only asked when the user may see orders: the endpoint answers 403 otherwise. */
export const usePendingOrders = (enabled: boolean) =>
  useQuery({ ...pendingOrdersQueryOptions(), enabled })
