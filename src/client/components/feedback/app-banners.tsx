import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { registerServiceWorker, type UpdateHandle } from '#client/app/pwa'
import { hasUnsavedWork } from '#client/lib/unsaved-work'
import { currentLocale } from '#client/lib/i18n'
import { DatabaseBanner } from './database-banner.tsx'
import { InstallPrompt } from './install-prompt.tsx'
import { Outbox } from './outbox.tsx'
import { formatAge, useShownDataAge } from './use-shown-data-age.ts'
import { usePageWithoutCopy } from './use-page-without-copy.ts'
import './feedback.css'
import './app-banners.css'

function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine)
  useEffect(() => {
    const on = () => setOnline(true)
    const off = () => setOnline(false)
    window.addEventListener('online', on)
    window.addEventListener('offline', off)
    return () => {
      window.removeEventListener('online', on)
      window.removeEventListener('offline', off)
    }
  }, [])
  return online
}

/**
 * Keeps the banners' height as the page's bottom padding (`--app-banners-space`, app-banners.css),
 * so they sit below the footer and the last table rows instead of over them.
 */
const reserveSpace = (el: HTMLDivElement | null) => {
  if (!el || typeof ResizeObserver === 'undefined') return
  const observer = new ResizeObserver(() =>
    document.documentElement.style.setProperty(
      '--app-banners-space',
      `${el.offsetHeight && el.offsetHeight + 16}px`,
    ),
  )
  observer.observe(el)
  return () => observer.disconnect()
}

/**
 * Non-blocking banners: offline state, the server cannot reach its database, and "new version
 * available" (never reloads by itself).
 */
export function AppBanners() {
  const online = useOnline()
  const savedAt = useShownDataAge(!online)
  // the banner says what is true of the page: its saved copy and how old it is, or none
  const noCopy = usePageWithoutCopy(!online)
  const age = savedAt === undefined ? '' : formatAge(savedAt, currentLocale())
  const { t } = useLingui()
  const [update, setUpdate] = useState<UpdateHandle | null>(null)
  useEffect(() => registerServiceWorker(setUpdate), [])
  /** the banner asks before reloading over unsaved input (in the app, never the browser's confirm) */
  const [asking, setAsking] = useState(false)
  const apply = () => {
    const pendingWrites = document.querySelector('[data-testid="outbox"]') !== null
    if ((hasUnsavedWork() || pendingWrites) && !asking) return setAsking(true)
    update?.apply()
  }
  return (
    <div className="app-banners" aria-live="polite" ref={reserveSpace}>
      {!online && (
        <div className="app-banner app-banner-offline" role="status" data-testid="offline-banner">
          {noCopy ? (
            <Trans>You are offline. This page has no saved copy.</Trans>
          ) : savedAt === undefined ? (
            <Trans>You are offline</Trans>
          ) : (
            <Trans>You are offline. Showing data saved {age}.</Trans>
          )}
        </div>
      )}
      {online && <DatabaseBanner />}
      {online && <InstallPrompt />}
      <Outbox />
      {update && !asking && (
        <div className="app-banner app-banner-update" role="status" data-testid="update-banner">
          <Trans>A new version is available.</Trans>{' '}
          <button type="button" onClick={apply}>
            <Trans>Reload</Trans>
          </button>
          <button type="button" aria-label={t`Later`} onClick={() => setUpdate(null)}>
            ×
          </button>
        </div>
      )}
      {update && asking && (
        <div
          className="app-banner app-banner-update"
          role="alertdialog"
          aria-label={t`Warm tip`}
          data-testid="update-confirm"
        >
          <Trans>Some input is not saved yet. Reload anyway?</Trans>{' '}
          <button type="button" onClick={apply}>
            <Trans>Reload anyway</Trans>
          </button>
          <button type="button" onClick={() => setAsking(false)}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      )}
    </div>
  )
}
