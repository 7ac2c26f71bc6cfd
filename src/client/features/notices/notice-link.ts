import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { noticeTargetPath, type Notice, type NoticeType } from '#shared/contract/notices'
import type { Locale } from '#client/lib/i18n'
import { atBase } from '#client/lib/base-url'

/** SPEC §2 notice link: the page of its type with query id (order id) and orderId (order number). */
export function noticeHref(n: Pick<Notice, 'CreateType' | 'OrderId' | 'OrderNo'>): string {
  const query = new URLSearchParams({ id: String(n.OrderId), orderId: n.OrderNo })
  return `${noticeTargetPath[n.CreateType]}?${query.toString()}`
}

/** Where a notice's View opens: decided from the window, see `opensInApp`. */
export type ViewPlace = { standalone: boolean; narrow: boolean; touch: boolean }

/** The current window: installed app (display-mode standalone, iOS `navigator.standalone`), phone width, touch-only pointer. */
export function viewPlace(): ViewPlace {
  const mq = (q: string) =>
    typeof window.matchMedia === 'function' ? window.matchMedia(q).matches : false
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true
  return {
    standalone:
      iosStandalone || mq('(display-mode: standalone)') || mq('(display-mode: fullscreen)'),
    narrow: mq('(max-width: 991.98px)'),
    touch: mq('(hover: none) and (pointer: coarse)'),
  }
}

/**
 * Deviation from SPEC §2: a new tab only in a desktop browser. On a phone or in the
 * installed app a new tab leaves the app, so View navigates in the app there.
 */
export const opensInApp = (p: ViewPlace) => p.standalone || p.narrow || p.touch

/** Notice links open in a new tab (SPEC §2), without giving it a handle on this one. */
export function openNoticeTarget(n: Pick<Notice, 'CreateType' | 'OrderId' | 'OrderNo'>) {
  window.open(atBase(noticeHref(n)), '_blank', 'noopener')
}

/** Name of each notice type (SPEC §3: 0 purchase, 1 outsourcing, 2 order, 3 ship; 4 supplier form). */
export const noticeTypeLabel: Record<NoticeType, MessageDescriptor> = {
  0: msg`Purchase`,
  1: msg`Outsourcing`,
  2: msg`Orders`,
  3: msg`Shipping`,
  4: msg`Supplier forms`,
}

/** Local date and time of a notice; the raw text when it is not a date. */
export function formatNoticeTime(value: string, locale: Locale): string {
  const ms = Date.parse(value)
  if (Number.isNaN(ms)) return value
  return new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(ms)
}
