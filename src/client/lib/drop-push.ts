/**
 * Sign-out (routes/_staff.tsx): this device stops taking Web Push for the user who leaves;
 * the server forgets the subscription with the session. Kept apart from web-push.ts
 * and import-free so the staff shell carries only these few lines.
 */
export function dropPushSubscription() {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  void navigator.serviceWorker
    .getRegistration()
    .then((r) => r?.pushManager?.getSubscription())
    .then((s) => s?.unsubscribe())
    .catch(() => undefined)
}
