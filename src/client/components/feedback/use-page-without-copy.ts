import { useEffect, useState } from 'react'

/**
 * Whether the page on screen says it could not load (page-error.tsx: offline with no saved copy
 * of its data), watched while `enabled` (offline): the offline banner then does not claim to show
 * saved data. The page's error state is what the visitor sees, so it is read from the
 * page itself rather than from each screen's queries.
 */
export function usePageWithoutCopy(enabled: boolean): boolean {
  const [none, setNone] = useState(false)
  useEffect(() => {
    if (!enabled) return
    const check = () => setNone(document.querySelector('#root .page-state[role="alert"]') !== null)
    check()
    const observer = new MutationObserver(check)
    observer.observe(document.getElementById('root') ?? document.body, {
      childList: true,
      subtree: true,
    })
    return () => observer.disconnect()
  }, [enabled])
  return enabled && none
}
