import { onlineManager, type QueryClient } from '@tanstack/react-query'
import { gridListResponse } from '#shared/contract/grid-fields'
import { orderRow } from '#shared/contract/orders'
import { postCall } from '#client/lib/http'
import { gridKey } from '../api/grid-keys.ts'
import type { OrderRef } from './order-link.ts'

type SavedRow = { Id: number; OrderNo?: unknown }

/**
 * The orders in this device's copy (the app's persisted queries): every cached page of the
 * order grid and the order choices, newest answer first.
 */
export function savedOrders(queryClient: QueryClient): OrderRef[] {
  const queries = queryClient
    .getQueryCache()
    .findAll({ queryKey: gridKey('Order') })
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
  const out: OrderRef[] = []
  for (const q of queries) {
    const data = q.state.data as SavedRow[] | { result?: SavedRow[] } | undefined
    const rows = Array.isArray(data) ? data : data?.result
    for (const r of rows ?? [])
      if (typeof r?.Id === 'number' && r.Id > 0)
        out.push({ id: r.Id, orderNo: String(r.OrderNo ?? '') })
  }
  return out
}

export type Found = { order: OrderRef } | { missing: 'unknown' | 'notSaved' }

/**
 * The order with this number: asked of the server when online (it also checks the user may see
 * it), else looked up in the device's copy. Offline and not in the copy: `notSaved`.
 */
export async function findOrderByNumber(queryClient: QueryClient, orderNo: string): Promise<Found> {
  const saved = savedOrders(queryClient).find((o) => o.orderNo === orderNo)
  if (onlineManager.isOnline()) {
    try {
      const { data } = await postCall('Order/GetList', gridListResponse(orderRow), {
        orderNo,
        pageIndex: 1,
        pageSize: 1,
      })
      const row = data.result[0]
      return row
        ? { order: { id: Number(row.Id), orderNo: row.OrderNo ?? orderNo } }
        : { missing: 'unknown' }
    } catch (e) {
      // a lost connection falls back to the copy; an answer of the server stands
      if (!(e instanceof TypeError)) throw e
    }
  }
  return saved ? { order: saved } : { missing: 'notSaved' }
}

/** A scanned order: online the order screen asks the server; offline it opens from the copy when there. */
export function checkScanned(queryClient: QueryClient, order: OrderRef): Found {
  if (onlineManager.isOnline()) return { order }
  const saved = savedOrders(queryClient).find((o) => o.id === order.id)
  return saved
    ? { order: { id: saved.id, orderNo: saved.orderNo || order.orderNo } }
    : { missing: 'notSaved' }
}
