/**
 * The browser side of Web Push (docs/push.md): whether this browser can take pushes
 * and this device's subscription. Sign-out drops it (drop-push.ts); the server forgets it too.
 */

/** Service worker, PushManager and notifications: all three or no push. */
export const pushSupported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window &&
  typeof Notification === 'function'

/** The service worker registration that receives pushes, if one is active. */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined
  return (await navigator.serviceWorker.getRegistration().catch(() => undefined)) ?? undefined
}

/** This device's current push subscription, if any. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const reg = await pushRegistration()
  return reg ? reg.pushManager.getSubscription().catch(() => null) : null
}

/** base64url (the VAPID public key) to the bytes `applicationServerKey` takes. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)
  const raw = atob(b64)
  const out = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i)
  return out
}
