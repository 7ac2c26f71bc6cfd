import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Toast } from '#client/components/feedback/toast'
import { useState, useSyncExternalStore } from 'react'
import { translate } from '#client/lib/i18n'
import { useShell } from './shell-context.ts'
import { ShellIcon } from './shell-icon.tsx'

/** SPEC §9: messages stay this long. */
export const messageDuration = 3000

/** Refresh control (SPEC §2 rule, see useVisitedTabs.refresh). */
export function RefreshButton() {
  const { t } = useLingui()
  const { tabs } = useShell()
  const [busy, setBusy] = useState(false)
  return (
    <button
      type="button"
      className="shell-tool"
      aria-label={t`Refresh this page`}
      title={t`Refresh this page`}
      data-testid="shell-refresh"
      disabled={busy}
      onClick={() => {
        setBusy(true)
        void tabs.refresh().finally(() => setBusy(false))
      }}
    >
      <ShellIcon name="refresh" className={busy ? 'is-spinning' : undefined} />
    </button>
  )
}

const subscribeFullscreen = (l: () => void) => {
  document.addEventListener('fullscreenchange', l)
  return () => document.removeEventListener('fullscreenchange', l)
}
const isFullscreen = () => Boolean(document.fullscreenElement)

/** Full-screen toggle; a refusal by the browser shows "fullscreen failed" (SPEC §8). */
export function FullscreenButton() {
  const { t } = useLingui()
  const full = useSyncExternalStore(subscribeFullscreen, isFullscreen, () => false)
  const toggle = async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen()
      else await document.documentElement.requestFullscreen()
    } catch {
      Toast.show({
        icon: 'fail',
        content: translate(msg`Full screen failed`),
        duration: messageDuration,
      })
    }
  }
  return (
    <button
      type="button"
      className="shell-tool"
      aria-label={full ? t`Exit full screen` : t`Full screen`}
      aria-pressed={full}
      title={full ? t`Exit full screen` : t`Full screen`}
      data-testid="shell-fullscreen"
      onClick={() => void toggle()}
    >
      <ShellIcon name={full ? 'exitFullscreen' : 'fullscreen'} />
    </button>
  )
}

/** Opens the theme drawer. */
export function ThemeButton() {
  const { t } = useLingui()
  const { openThemeDrawer } = useShell()
  return (
    <button
      type="button"
      className="shell-tool"
      aria-label={t`Theme settings`}
      title={t`Theme settings`}
      data-testid="shell-theme"
      onClick={openThemeDrawer}
    >
      <ShellIcon name="theme" />
    </button>
  )
}
