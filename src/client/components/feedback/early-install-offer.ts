/** Where install-prompt.tsx remembers that the install was offered once. */
export const installOfferedKey = 'forgeline-install-offered'

let early: Event | null = null
let engaged = false
const engagedListeners = new Set<() => void>()
const engagingEvents = ['pointerdown', 'keydown', 'scroll'] as const
const onEngaged = () => {
  engaged = true
  for (const type of engagingEvents) window.removeEventListener(type, onEngaged, true)
  for (const l of engagedListeners) l()
}
// listening from start-up (this module is on every first load), before the banners load
if (typeof window !== 'undefined')
  for (const type of engagingEvents)
    window.addEventListener(type, onEngaged, { capture: true, passive: true })

/**
 * Chromium may raise `beforeinstallprompt` before the banners (loaded once the page has
 * settled, lazy-app-banners.tsx) listen: the offer is kept for them. Installed by the start-up
 * code; like the banner, it holds back the browser's own offer only while ours is still due.
 */
export function keepEarlyInstallOffer() {
  if (typeof window === 'undefined') return
  const onPrompt = (e: Event) => {
    let offered = true
    try {
      offered = localStorage.getItem(installOfferedKey) !== null
    } catch {
      // no storage: as install-prompt.tsx, treat it as offered
    }
    if (offered) return
    e.preventDefault()
    early = e
  }
  window.addEventListener('beforeinstallprompt', onPrompt)
  return () => window.removeEventListener('beforeinstallprompt', onPrompt)
}

/**
 * Whether the visitor has touched, typed or scrolled on this page yet. The install offer waits
 * for it: it is not pushed at someone who has not looked at the page, and a banner arriving on
 * its own would become the page's largest paint (LCP stops counting at the first input).
 */
export const visitorEngaged = () => engaged

/** Calls `listener` once the visitor engages (see `visitorEngaged`); returns the unsubscribe. */
export function onVisitorEngaged(listener: () => void) {
  engagedListeners.add(listener)
  return () => void engagedListeners.delete(listener)
}

/** The install offer raised before the banners loaded, if any. */
export const earlyInstallOffer = (): Event | null => early
