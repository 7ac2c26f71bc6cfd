/**
 * Search of every grid route: notice links open `?id={order Id}&orderId={order number}` (SPEC §2).
 * Apart from the grid components: the routes' `validateSearch` sits in the router tree of every
 * page's first load, which must not carry the grid code (the public first-load budget).
 */
export type GridSearch = { id?: number; orderId?: string; report?: number }

export function parseGridSearch(s: Record<string, unknown>): GridSearch {
  const id = Number(s.id)
  // one record of the grid by its Id (`/production/report?report=12`): read with `{kind}/Get`
  const report = Number(s.report)
  const orderId =
    typeof s.orderId === 'string' || typeof s.orderId === 'number'
      ? String(s.orderId).slice(0, 50)
      : undefined
  return {
    ...(Number.isSafeInteger(id) && id > 0 ? { id } : {}),
    ...(orderId ? { orderId } : {}),
    ...(Number.isSafeInteger(report) && report > 0 ? { report } : {}),
  }
}
