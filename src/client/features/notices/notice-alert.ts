import type { Notice } from '#shared/contract/notices'
import { playNoticeTone } from './notice-tone.ts'
import { atBase } from '#client/lib/base-url'

/**
 * How a live notice alerts: besides the in-app banner, a short vibration where the
 * device can, an optional tone (theme setting `noticeSound`), and a system notification while
 * the app is in the background and the user allowed them. The unread count goes on the app icon.
 */

export type NotificationState = {
  /** `document.visibilityState` */
  visibility: DocumentVisibilityState
  /** `Notification.permission`, or 'unsupported' when the browser has none */
  permission: NotificationPermission | 'unsupported'
}

/** A system notification only when nobody sees the page and the user said yes (never asked on load). */
export const wantsSystemNotification = (s: NotificationState) =>
  s.visibility === 'hidden' && s.permission === 'granted'

export function notificationState(): NotificationState {
  return {
    visibility: document.visibilityState,
    permission: typeof Notification === 'function' ? Notification.permission : 'unsupported',
  }
}

/** Vibration pattern of a new notice (ms on, off, on). */
export const noticeVibration = [120, 60, 120]

/** Vibrates where the device can (phones); desktops and iOS have no `navigator.vibrate`. */
export function vibrateForNotice() {
  try {
    navigator.vibrate?.(noticeVibration)
  } catch {
    // a browser that refuses (no user activation yet) changes nothing
  }
}

export type AlertOptions = {
  sound: boolean
  /** title of a system notification */
  title: string
  url: string
  /** a click on the system notification (page `Notification`; the worker's click posts a message) */
  onOpen: () => void
}

/** Everything a live notice does besides the banner (loaded on the first notice, not with the shell). */
export function alertNotice(n: Notice, o: AlertOptions) {
  vibrateForNotice()
  if (o.sound) playNoticeTone()
  if (wantsSystemNotification(notificationState()))
    raiseSystemNotification(n, o.title, o.url, o.onOpen).catch(() => undefined)
}

/** What a click on a system notification sends to the page (the worker's message, sw-staff.ts). */
export type OpenNoticeData = { type: 'OPEN_NOTICE'; url: string; id: number }

/**
 * Shows a system notification of the notice: through the service worker where there is one (the
 * only way on Android), else the page's `Notification`. A click opens the notice in the app.
 */
export async function raiseSystemNotification(
  n: Notice,
  title: string,
  url: string,
  onClick: () => void,
) {
  // the worker opens a window at this address: under BASE_PATH
  const data: OpenNoticeData = { type: 'OPEN_NOTICE', url: atBase(url), id: n.Id }
  const options: NotificationOptions = {
    body: n.Msg,
    tag: `notice-${n.Id}`,
    icon: atBase('/icons/icon-192.png'),
    data,
  }
  const reg =
    'serviceWorker' in navigator
      ? await navigator.serviceWorker.getRegistration().catch(() => undefined)
      : undefined
  if (reg) {
    await reg.showNotification(title, options)
    return
  }
  const note = new Notification(title, options)
  note.onclick = () => {
    window.focus()
    onClick()
    note.close()
  }
}
