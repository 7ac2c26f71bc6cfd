import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import type { Notice } from '#shared/contract/notices'
import { useTheme } from '#client/features/shell/stores/theme-store'
import { useReadNotices } from './api/post-read-notices.ts'
import type { OpenNoticeData } from './notice-alert.ts'
import { noticeHref } from './notice-link.ts'

type BadgeNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>
  clearAppBadge?: () => Promise<void>
}

/** The unread count on the installed app's icon (Badging API where available; none at zero). */
export function showAppBadge(count: number) {
  const nav = navigator as BadgeNavigator
  const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.()
  done?.catch(() => undefined)
}

/**
 * The alerts of live notices: `alert(n)` shows the in-app banner and, through
 * notice-alert.ts (loaded on the first notice, not with the shell), vibrates, plays the tone when
 * the sound setting is on and raises a system notification in the background. The unread count
 * follows on the app icon; a click on a system notification opens the notice in the app.
 */
export function useNoticeAlerts(unread: number | undefined) {
  const { t } = useLingui()
  const { noticeSound } = useTheme()
  const navigate = useNavigate()
  const { markRead } = useReadNotices()
  const [banner, setBanner] = useState<Notice | null>(null)

  const open = (url: string, id: number) => {
    void navigate({ href: url })
    markRead([id]).catch(() => undefined)
  }
  const openRef = useRef(open)
  useEffect(() => {
    openRef.current = open
  })

  const alert = (n: Notice) => {
    setBanner(n)
    const url = noticeHref(n)
    const options = {
      sound: noticeSound,
      title: t`New notice`,
      url,
      onOpen: () => openRef.current(url, n.Id),
    }
    import('./notice-alert.ts').then((m) => m.alertNotice(n, options)).catch(() => undefined)
  }

  useEffect(() => {
    if (unread !== undefined) showAppBadge(unread)
  }, [unread])
  // signed out (the bell unmounts): no count stays on the icon
  useEffect(() => () => showAppBadge(0), [])

  useEffect(() => {
    const sw = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined
    if (!sw) return
    const onMessage = (e: MessageEvent) => {
      const d = e.data as Partial<OpenNoticeData> | null
      if (
        d?.type === 'OPEN_NOTICE' &&
        typeof d.url === 'string' &&
        d.url.startsWith('/') &&
        typeof d.id === 'number'
      )
        openRef.current(d.url, d.id)
    }
    sw.addEventListener('message', onMessage)
    return () => sw.removeEventListener('message', onMessage)
  }, [])

  // audio may start only after a tap: the first tap while the sound is on readies it
  useEffect(() => {
    if (!noticeSound) return
    const unlock = () => void import('./notice-tone.ts').then((m) => m.unlockNoticeTone())
    window.addEventListener('pointerdown', unlock, { once: true })
    return () => window.removeEventListener('pointerdown', unlock)
  }, [noticeSound])

  return { alert, banner, dismiss: () => setBanner(null) }
}
