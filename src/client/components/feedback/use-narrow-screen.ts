import { useSyncExternalStore } from 'react'

/** The staff shell's phone width (SPEC §9: below 992 px). */
export const narrowQuery = '(max-width: 991.98px)'

const media = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia(narrowQuery) : undefined

function subscribe(onChange: () => void) {
  const mq = media()
  mq?.addEventListener('change', onChange)
  window.addEventListener('resize', onChange)
  return () => {
    mq?.removeEventListener('change', onChange)
    window.removeEventListener('resize', onChange)
  }
}

const snapshot = () => media()?.matches ?? false

/** True below 992 px, following resizes: sheets open from the bottom there. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false)
}
