import { z } from 'zod'
import { envelope, looseBoolean, page } from './envelope.ts'
import { noticeTypes, type NoticeType } from './notice-types.ts'

export { noticeTypes, type NoticeType }

/** Where a notice's View link goes (SPEC §2), with query id (order id) and orderId (order number). */
export const noticeTargetPath: Record<NoticeType, string> = {
  0: '/supplier/purchase',
  1: '/supplier/outsourcing',
  2: '/order/order',
  3: '/ship/ship',
  4: '/supplier/forms',
}

export const notice = z.object({
  Id: z.number().int(),
  Msg: z.string(),
  CreateTimeString: z.string(),
  IsRead: z.boolean(),
  CreateType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  OrderId: z.number().int(),
  OrderNo: z.string(),
})
export type Notice = z.infer<typeof notice>

/**
 * `POST {API_PREFIX}/Notice/GetList`: the signed-in user's notices, newest first.
 * isAll true lists read and unread; false only unread. `UnreadCount` is the badge figure.
 */
export const noticeListBody = z.object({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  isAll: looseBoolean.default(true),
  isRead: looseBoolean.optional(),
  createType: z.coerce.number().int().min(0).max(4).optional(),
})
export const noticeListResponse = envelope(page(notice).extend({ UnreadCount: z.number().int() }))

/** WebSocket `/ws` messages (DESIGN §4): the client authenticates first; the server pushes notices. */
export const wsClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ type: z.literal('ping') }),
])
export const wsServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('pong') }),
  /** `sentAt`: server clock (epoch ms) when the push left, for latency figures; optional */
  z.object({ type: z.literal('notice'), notice, sentAt: z.number().optional() }),
  z.object({ type: z.literal('error'), code: z.number().int(), msg: z.string() }),
])
export type WsServerMessage = z.infer<typeof wsServerMessage>
