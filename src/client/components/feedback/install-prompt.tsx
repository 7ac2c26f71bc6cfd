import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import {
  installOfferedKey,
  earlyInstallOffer,
  onVisitorEngaged,
  visitorEngaged,
} from './early-install-offer.ts'

/** Chromium's install event (not in the DOM typings). */
type InstallEvent = Event & {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: string }>
}

const offeredKey = installOfferedKey

const alreadyOffered = () => {
  try {
    return localStorage.getItem(offeredKey) !== null
  } catch {
    return true
  }
}
const rememberOffered = () => {
  try {
    localStorage.setItem(offeredKey, new Date().toISOString())
  } catch {
    // private mode: the offer may come again, which is harmless
  }
}

const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true

/** iPhone/iPad Safari has no install event: it gets a one-line hint instead. */
const isIosSafari = () =>
  /iphone|ipad|ipod/i.test(navigator.userAgent) && !/crios|fxios|edgios/i.test(navigator.userAgent)

/**
 * Offers installing the app once per browser, without blocking anything: Chromium's
 * `beforeinstallprompt` becomes a small banner with Install / Not now; iOS Safari gets a short
 * "Share, then Add to Home Screen" hint. Nothing shows once installed.
 */
export function InstallPrompt() {
  // an offer raised before this banner loaded (early-install-offer.ts)
  const [event, setEvent] = useState(() =>
    alreadyOffered() || isStandalone() ? null : (earlyInstallOffer() as InstallEvent | null),
  )
  const [iosHint, setIosHint] = useState(
    () => !alreadyOffered() && !isStandalone() && isIosSafari(),
  )
  // shown once the visitor has touched, typed or scrolled (early-install-offer.ts)
  const [engaged, setEngaged] = useState(visitorEngaged)
  useEffect(() => (engaged ? undefined : onVisitorEngaged(() => setEngaged(true))), [engaged])

  useEffect(() => {
    if (alreadyOffered() || isStandalone() || isIosSafari()) return
    const onPrompt = (e: Event) => {
      e.preventDefault()
      setEvent(e as InstallEvent)
    }
    const onInstalled = () => {
      rememberOffered()
      setEvent(null)
    }
    window.addEventListener('beforeinstallprompt', onPrompt)
    window.addEventListener('appinstalled', onInstalled)
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt)
      window.removeEventListener('appinstalled', onInstalled)
    }
  }, [])

  const close = () => {
    rememberOffered()
    setEvent(null)
    setIosHint(false)
  }
  const install = async () => {
    const e = event
    close()
    if (e) await e.prompt().catch(() => {})
  }

  if ((!event && !iosHint) || !engaged) return null
  return (
    <div className="app-banner app-banner-install" role="status" data-testid="install-prompt">
      {event ? (
        <>
          <Trans>Install Forgeline on this device for quick access, also offline.</Trans>{' '}
          <button type="button" onClick={() => void install()} data-testid="install-accept">
            <Trans>Install</Trans>
          </button>
        </>
      ) : (
        <Trans>To install: tap Share, then “Add to Home Screen”.</Trans>
      )}{' '}
      <button type="button" onClick={close} data-testid="install-dismiss">
        <Trans>Not now</Trans>
      </button>
    </div>
  )
}
