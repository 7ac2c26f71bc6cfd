import { useQuery } from '@tanstack/react-query'
import { gridGetResponse } from '#shared/contract/grid-fields'
import { ApiError } from '#client/lib/http'
import { postCall } from '#client/lib/http'
import { Code } from '#shared/contract/codes'
import type { GridConfig, GridRow } from '../grid/grid-config.ts'
import { gridKey } from './grid-keys.ts'

/** `POST {kind}/Get {id}` (SPEC §7, e.g. `ProductionReport/Get`): one record, null when there is none. */
export async function getGridRecord(config: GridConfig, id: number): Promise<GridRow | null> {
  try {
    return (await postCall(`${config.kind}/Get`, gridGetResponse(config.row), { id }))
      .data as GridRow
  } catch (e) {
    if (e instanceof ApiError && (e.code === Code.notFound || e.code === Code.badRequest))
      return null
    throw e
  }
}

/** The record a link names (`?report=`), read again after every save of its kind. */
export function useGridRecord(config: GridConfig, id: number | undefined) {
  // the kind in the key names the config (one config per kind)
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return useQuery({
    queryKey: [...gridKey(config.kind), 'record', id],
    queryFn: () => getGridRecord(config, id!),
    enabled: id !== undefined,
  })
}
