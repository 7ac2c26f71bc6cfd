import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { gridListResponse, type GridListBody } from '#shared/contract/grid-fields'
import { postCall } from '#client/lib/http'
import type { GridConfig, GridRow } from '../grid/grid-config.ts'
import { gridKey } from './grid-keys.ts'

/** `POST {kind}/GetList`: a page of rows (SPEC §7 page shape: `result`, `total`). */
export async function getGridList(config: GridConfig, body: GridListBody) {
  const res = await postCall(`${config.kind}/GetList`, gridListResponse(config.row), body)
  return res.data as { result: GridRow[]; total: number; totalCapped?: boolean }
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

export const useGridList = (config: GridConfig, body: GridListBody) =>
  useQuery(gridListQueryOptions(config, body))
