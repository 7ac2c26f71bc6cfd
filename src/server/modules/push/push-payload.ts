import { noticeTargetPath, type NoticeType } from '#shared/contract/notices'
import { t, type Lang } from '../../i18n.ts'
import { noticeMsg, type StoredNotice } from '../notices/notice-view.ts'

/**
 * What the service worker receives in a push (src/client/app/sw-staff.ts): the notice's text in
 * the device's language, the address it opens (under BASE_PATH, SPEC §2 notice link) and the
 * user's unread count for the app badge.
 */
export type PushPayload = {
  type: 'notice'
  id: number
  title: string
  body: string
  url: string
  unread: number
}

export function pushPayload(
  n: StoredNotice,
  lang: Lang,
  basePath: string,
  unread: number,
): PushPayload {
  const query = new URLSearchParams({ id: String(n.orderId), orderId: n.orderNo })
  const path = noticeTargetPath[n.createType as NoticeType] ?? '/workbench'
  return {
    type: 'notice',
    id: n.id,
    title: t('noticePushTitle', lang),
    body: noticeMsg(n, lang),
    url: `${basePath.replace(/\/$/, '')}${path}?${query.toString()}`,
    unread,
  }
}
