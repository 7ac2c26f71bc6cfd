import { http } from 'msw'
import { z } from 'zod'
import { Code } from '#shared/contract/codes'
import { page, envelope } from '#shared/contract/envelope'
import { gridListBody, gridListResponse } from '#shared/contract/grid-fields'
import { leavingListBody, leavingListResponse } from '#shared/contract/leaving-admin'
import { orderRow } from '#shared/contract/orders'
import { ordersPermission } from '#shared/permissions'
import { staff } from '../guard.ts'
import { mockLeaving, mockOrders } from '../orders.ts'
import { bodyOf, fail, ok, say } from '../reply.ts'
import { mockState } from '../state.ts'

const slice = <T>(rows: readonly T[], pageIndex: number, pageSize: number) =>
  rows.slice((pageIndex - 1) * pageSize, pageIndex * pageSize)
const emptyPage = envelope(page(z.unknown()))

/**
 * The dashboard's staff lists: `Order/GetList` (mock orders, with the audit filter) and
 * `Leaving/GetList`; every other `{Area}/GetList` or `GetAdminList` answers an empty page.
 */
export function staffListHandlers(base: string) {
  return [
    http.post(
      `${base}/Order/GetList`,
      staff(ordersPermission, async ({ request }) => {
        const q = await bodyOf(request, gridListBody)
        if (!q) return fail(Code.badRequest, say(request, '输入有误', 'Invalid input'))
        const kw = q.keyword?.toLowerCase()
        const rows = mockOrders.filter(
          (o) =>
            (q.auditStatus === undefined || Math.sign(o.AuditStatus) === q.auditStatus) &&
            (q.orderId === undefined || o.Id === q.orderId) &&
            (q.orderNo === undefined || o.OrderNo === q.orderNo) &&
            (!kw || [o.OrderNo, o.Customer, o.PartName].some((v) => v.toLowerCase().includes(kw))),
        )
        return ok(gridListResponse(orderRow), {
          result: slice(rows, q.pageIndex, q.pageSize),
          total: rows.length,
        })
      }),
    ),
    http.post(
      `${base}/Leaving/GetList`,
      staff({ ability: ['CONTENT'] }, async ({ request }) => {
        const q = await bodyOf(request, leavingListBody)
        if (!q) return fail(Code.badRequest, say(request, '输入有误', 'Invalid input'))
        const rows = mockLeaving
          .map((r) => ({ ...r, Handled: r.Handled || mockState.handledLeaving.has(r.Id) }))
          .filter((r) => q.handled === undefined || r.Handled === q.handled)
        return ok(leavingListResponse, {
          result: slice(rows, q.pageIndex, q.pageSize),
          total: rows.length,
        })
      }),
    ),
    http.post(
      `${base}/:area/GetList`,
      staff(undefined, () => ok(emptyPage, { result: [], total: 0 })),
    ),
    http.post(
      `${base}/:area/GetAdminList`,
      staff(undefined, () => ok(emptyPage, { result: [], total: 0 })),
    ),
  ]
}
