import { useLingui } from '@lingui/react/macro'
import { useSyncExternalStore } from 'react'
import { ShellIcon } from './shell-icon.tsx'

const threshold = 300

const subscribe = (l: () => void) => {
  window.addEventListener('scroll', l, { passive: true })
  return () => window.removeEventListener('scroll', l)
}
const scrolledDown = () => window.scrollY > threshold

/** Back-to-top control, shown once the page is scrolled down. */
export function BackToTop() {
  const { t } = useLingui()
  const shown = useSyncExternalStore(subscribe, scrolledDown, () => false)
  if (!shown) return null
  return (
    <button
      type="button"
      className="shell-back-top"
      aria-label={t`Back to top`}
      title={t`Back to top`}
      data-testid="shell-back-top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ShellIcon name="arrowUp" />
    </button>
  )
}
