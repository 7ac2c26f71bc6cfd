import { Trans, useLingui } from '@lingui/react/macro'
import { Popup } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import { useAtom, useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { useDialogFocus } from '#client/components/feedback/use-dialog-focus'
import { restoreThemeAtom, saveThemeAtom, themeAtom } from '../stores/theme-store.ts'
import { randomTheme, randomThemeLoadingMs } from '../theme-settings.ts'
import { confirmWarmTip } from './confirm.ts'
import { messageDuration } from './header-buttons.tsx'
import { ShellIcon } from './shell-icon.tsx'
import { ThemeFields } from './theme-fields.tsx'

/**
 * Theme drawer (SPEC §2): every setting applies at once; Save stores it, Restore defaults
 * stores the SPEC §3 defaults, Random theme picks another look, Clear cache empties local storage.
 */
export function ThemeDrawer({
  open,
  onClose,
  isMobile,
}: {
  open: boolean
  onClose: () => void
  isMobile: boolean
}) {
  const { t } = useLingui()
  const [theme, setTheme] = useAtom(themeAtom)
  const save = useSetAtom(saveThemeAtom)
  const restore = useSetAtom(restoreThemeAtom)
  const [randomizing, setRandomizing] = useState(false)
  const box = useDialogFocus<HTMLElement>(open, onClose)

  useEffect(() => {
    if (!randomizing) return
    const timer = setTimeout(() => setRandomizing(false), randomThemeLoadingMs)
    return () => clearTimeout(timer)
  }, [randomizing])

  const done = (content: string) =>
    Toast.show({ icon: 'success', content, duration: messageDuration })
  const clearCache = async () => {
    if (!(await confirmWarmTip(t`Clear the local cache and reload the page?`))) return
    localStorage.clear()
    window.location.reload()
  }

  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      position="right"
      bodyClassName="theme-drawer"
      destroyOnClose
    >
      <section
        ref={box}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        className="theme-drawer-inner"
        aria-labelledby="theme-drawer-title"
        data-testid="theme-drawer"
      >
        <header className="theme-drawer-head">
          <h2 id="theme-drawer-title">
            <Trans>Theme settings</Trans>
          </h2>
          <button type="button" className="shell-tool" aria-label={t`Close`} onClick={onClose}>
            <ShellIcon name="close" />
          </button>
        </header>
        <div className="theme-drawer-body">
          <ThemeFields value={theme} onChange={setTheme} isMobile={isMobile} />
        </div>
        <footer className="theme-drawer-foot">
          <button
            type="button"
            className="theme-button is-primary"
            data-testid="theme-save"
            onClick={() => {
              save()
              done(t`Settings saved`)
              onClose()
            }}
          >
            <Trans>Save</Trans>
          </button>
          <button
            type="button"
            className="theme-button"
            data-testid="theme-restore"
            onClick={() => {
              restore()
              done(t`Default settings restored`)
            }}
          >
            <Trans>Restore defaults</Trans>
          </button>
          <button
            type="button"
            className="theme-button"
            data-testid="theme-random"
            disabled={randomizing}
            aria-busy={randomizing}
            onClick={() => {
              setRandomizing(true)
              setTheme(randomTheme(theme))
            }}
          >
            {randomizing ? <ShellIcon name="refresh" size={14} className="is-spinning" /> : null}
            <Trans>Random theme</Trans>
          </button>
          <button
            type="button"
            className="theme-button is-danger"
            data-testid="theme-clear-cache"
            onClick={() => void clearCache()}
          >
            <Trans>Clear cache</Trans>
          </button>
        </footer>
      </section>
    </Popup>
  )
}
