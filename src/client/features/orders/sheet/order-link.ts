import { noticeTargetPath } from '#shared/contract/notices'
import { underBase } from '#shared/base-path'

/** An order as a link names it: its Id and its number (SPEC §2 notice link `?id=&orderId=`). */
export type OrderRef = { id: number; orderNo: string }

/** The order screen's path (no base): the same path and query a notice of an order opens. */
export const orderPath = ({ id, orderNo }: OrderRef) =>
  `${noticeTargetPath[2]}?${new URLSearchParams({ id: String(id), orderId: orderNo }).toString()}`

/**
 * The order's absolute address in the app, printed as the sheet's QR code: the origin the app
 * was opened at (PUBLIC_URL in production, see docs/order-sheet.md) and BASE_PATH.
 */
export const orderLink = (order: OrderRef, origin: string, base: string) =>
  `${origin}${underBase(base, orderPath(order))}`

/**
 * The order a scanned text names, when it is one of our order links: same origin, the order
 * screen under BASE_PATH (an old `#/order/order?…` link too), a positive Id. Anything else is
 * undefined: not one of ours.
 */
export function readOrderLink(text: string, origin: string, base: string): OrderRef | undefined {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return undefined
  }
  if (url.origin !== origin) return undefined
  // an old notice link: `/Nst/#/order/order?id=..` (DESIGN §3)
  const at =
    url.hash.startsWith('#/') && (url.pathname === base || url.pathname === base.slice(0, -1))
      ? new URL(url.hash.slice(1), url.origin)
      : url
  if (at.pathname !== (at === url ? underBase(base, noticeTargetPath[2]) : noticeTargetPath[2]))
    return undefined
  const id = Number(at.searchParams.get('id'))
  if (!Number.isSafeInteger(id) || id <= 0) return undefined
  return { id, orderNo: (at.searchParams.get('orderId') ?? '').slice(0, 50) }
}
