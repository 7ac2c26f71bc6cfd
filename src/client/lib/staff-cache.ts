/** The cache the service worker keeps staff chunks in (src/client/app/sw-staff.ts). */
export const staffCacheName = 'forgeline-staff'

/** Logout and session reset: no staff code stays on the device. */
export function dropStaffOffline() {
  if (typeof caches !== 'undefined') void caches.delete(staffCacheName).catch(() => {})
}
