import { Workbox } from 'workbox-window'

export type UpdateHandle = { apply: () => void }

/**
 * Registers the service worker (production builds only) and reports a waiting new version;
 * it never reloads by itself: `apply` is called when the user accepts.
 */
export function registerServiceWorker(onUpdate: (u: UpdateHandle) => void) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const wb = new Workbox('/sw.js', { scope: '/' })
  wb.addEventListener('waiting', () => {
    onUpdate({
      apply: () => {
        wb.addEventListener('controlling', () => window.location.reload())
        wb.messageSkipWaiting()
      },
    })
  })
  void wb.register()
}
