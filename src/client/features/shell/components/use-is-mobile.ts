import { useSyncExternalStore } from 'react'

/** SPEC §9: the admin shell switches to the mobile device below 992 px. */
export const mobileQuery = '(max-width: 991.98px)'

function subscribe(onChange: () => void) {
  const mq = window.matchMedia(mobileQuery)
  mq.addEventListener('change', onChange)
  window.addEventListener('resize', onChange)
  return () => {
    mq.removeEventListener('change', onChange)
    window.removeEventListener('resize', onChange)
  }
}

const snapshot = () => window.matchMedia(mobileQuery).matches

/** True on the mobile device (SPEC §4), following resizes. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false)
}
