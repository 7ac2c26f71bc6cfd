import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { gridListResponse, type GridCursor, type GridListBody } from '#shared/contract/grid-fields'
import { postCall } from '#client/lib/http'
import type { GridConfig, GridRow } from '../grid/grid-config.ts'
import { gridKey } from './grid-keys.ts'
import { savedOrderRow } from './saved-order-row.ts'

/** `POST {kind}/GetList`: a page of rows (SPEC §7 page shape: `result`, `total`). */
export async function getGridList(config: GridConfig, body: GridListBody) {
  const res = await postCall(`${config.kind}/GetList`, gridListResponse(config.row), body)
  return res.data as {
    result: GridRow[]
    total: number
    totalCapped?: boolean
    pageKeys?: { first: GridCursor; last: GridCursor }
  }
}

// the kind in the key names the config (one config per kind)
export const gridListQueryOptions = (config: GridConfig, body: GridListBody) =>
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  queryOptions({
    queryKey: [...gridKey(config.kind), 'list', body],
    queryFn: () => getGridList(config, body),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

/**
 * One order's screen (a notice, a scanned sheet: `?id=`) starts from the order's row in any saved
 * page of the order grid, so it opens offline too; online it is read again at once.
 */
export function useGridList(config: GridConfig, body: GridListBody) {
  const queryClient = useQueryClient()
  const options = gridListQueryOptions(config, body)
  const saved =
    config.kind === 'Order' &&
    body.orderId !== undefined &&
    !queryClient.getQueryData(options.queryKey)
      ? savedOrderRow(queryClient, Number(body.orderId))
      : undefined
  return useQuery(
    saved
      ? {
          ...options,
          initialData: { result: [saved.row as GridRow], total: 1 },
          initialDataUpdatedAt: 0,
        }
      : options,
  )
}
