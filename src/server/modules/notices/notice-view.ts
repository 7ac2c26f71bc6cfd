import type { Notice, NoticeType } from '#shared/contract/notices'
import type { Lang } from '../../i18n.ts'

/** A stored notice with both texts, as the realtime hub and the list build it. */
export type StoredNotice = {
  id: number
  msg: string
  msgEn: string
  createType: number
  orderId: number
  orderNo: string
  createdAt: string
}

/** A new notice and the users it goes to: what `notify()` publishes to the realtime hub. */
export type NoticeEvent = { notice: StoredNotice; recipients: number[] }

/** The text in the caller's language; English falls back to Chinese when it is empty. */
export const noticeMsg = (n: Pick<StoredNotice, 'msg' | 'msgEn'>, lang: Lang) =>
  lang === 'en' && n.msgEn.trim() !== '' ? n.msgEn : n.msg

const isoTime = (v: string) => {
  const ms = Date.parse(v)
  return Number.isNaN(ms) ? v : new Date(ms).toISOString()
}

/** The contract shape (SPEC §3) of a stored notice for one reader. */
export function noticeView(n: StoredNotice, lang: Lang, isRead: boolean): Notice {
  return {
    Id: n.id,
    Msg: noticeMsg(n, lang),
    CreateTimeString: isoTime(n.createdAt),
    IsRead: isRead,
    CreateType: n.createType as NoticeType,
    OrderId: n.orderId,
    OrderNo: n.orderNo,
  }
}
