/**
 * Why Web Push is not available on this device (docs/push.md "Requirements"), so the notice
 * sheet can say so instead of a bare "not available":
 * - insecure: the page is not on https (browsers offer push only in a secure context);
 * - home-screen: iPhone or iPad Safari offers push only to an app added to the home screen;
 * - browser: this browser has no push at all;
 * - server: push is turned off on the server (`WEB_PUSH=off`);
 * - no-service: the browser has the API but no push service to reach (some Chromium builds).
 */
export type PushUnavailable = 'insecure' | 'home-screen' | 'browser' | 'server' | 'no-service'

export type PushEnvironment = {
  secure: boolean
  userAgent: string
  /** touch points: iPadOS Safari reports a Mac user agent */
  touchPoints: number
  /** opened from the home screen (display-mode standalone) */
  standalone: boolean
  /** service worker, PushManager and Notification are all there */
  supported: boolean
}

export function currentPushEnvironment(supported: boolean): PushEnvironment {
  const nav = navigator as Navigator & { standalone?: boolean }
  return {
    secure: window.isSecureContext,
    userAgent: nav.userAgent,
    touchPoints: nav.maxTouchPoints ?? 0,
    standalone:
      nav.standalone === true ||
      (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches),
    supported,
  }
}

const isApple = (e: PushEnvironment) =>
  /iPhone|iPad|iPod/.test(e.userAgent) || (/Macintosh/.test(e.userAgent) && e.touchPoints > 1)

/** The reason push cannot be turned on before asking anything; undefined: it may work. */
export function pushUnavailableReason(e: PushEnvironment): PushUnavailable | undefined {
  if (!e.secure) return 'insecure'
  if (isApple(e) && !e.standalone) return 'home-screen'
  return e.supported ? undefined : 'browser'
}

/** A subscribe failure that means "this browser cannot reach a push service", not a passing error. */
export const noPushService = (e: unknown) =>
  e instanceof DOMException && (e.name === 'AbortError' || e.name === 'NotSupportedError')
