/** Where install-prompt.tsx remembers that the install was offered once. */
export const installOfferedKey = 'forgeline-install-offered'

let early: Event | null = null

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

/** The install offer raised before the banners loaded, if any. */
export const earlyInstallOffer = (): Event | null => early
