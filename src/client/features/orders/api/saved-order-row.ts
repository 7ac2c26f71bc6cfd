import type { QueryClient } from '@tanstack/react-query'
import { gridKey } from './grid-keys.ts'

/** A saved grid row of the order (all its fields, for the order screen opened offline), newest copy. */
export function savedOrderRow(
  queryClient: QueryClient,
  id: number,
): { row: Record<string, unknown>; updatedAt: number } | undefined {
  let best: { row: Record<string, unknown>; updatedAt: number } | undefined
  for (const q of queryClient
    .getQueryCache()
    .findAll({ queryKey: [...gridKey('Order'), 'list'] })) {
    const row = (q.state.data as { result?: { Id: number }[] } | undefined)?.result?.find(
      (r) => r.Id === id,
    )
    if (row && (!best || q.state.dataUpdatedAt > best.updatedAt))
      best = { row: row as Record<string, unknown>, updatedAt: q.state.dataUpdatedAt }
  }
  return best
}
