import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react'
import { ToolButton } from '#client/components/feedback/tool-button'
import { useNarrowScreen } from '#client/components/feedback/use-narrow-screen'
import { lazyPart } from '#client/lib/lazy-part'
import { unreadFilters, useNotices } from '../api/get-notices.ts'
import { useNoticeAlerts } from '../use-notice-alerts.ts'
import { useNoticeSocket } from '../use-notice-socket.ts'
import { useViewNotice } from '../use-view-notice.ts'
import './notices.css'

// loaded with the first live notice, not with the shell
const NoticeBanner = lazy(() =>
  import('./notice-banner.tsx').then((m) => ({ default: m.NoticeBanner })),
)
// the popover or sheet and its panel: loaded with the first press
const popupPart = lazyPart(() => import('./notice-popup.tsx'))

/**
 * The header's notice bell (SPEC §1, §2): unread badge (hidden at zero), a popover on wide
 * screens and a bottom sheet on phones. Mounting it keeps the real-time connection open; a
 * live notice shows a banner and the other alerts (use-notice-alerts.ts). Until the popup's
 * code is in (notice-popup.tsx), a plain bell stands in and a press opens it as soon as it is.
 */
export function NoticeBell() {
  const { t } = useLingui()
  const narrow = useNarrowScreen()
  const navigate = useNavigate()
  const button = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  const { data } = useNotices(unreadFilters)
  const count = data?.UnreadCount ?? 0
  const label = count > 0 ? t`Notices: ${count} unread` : t`Notices`
  const alerts = useNoticeAlerts(data?.UnreadCount)
  useNoticeSocket(alerts.alert)
  // an in-app View (phone, installed app) leaves the sheet closed behind it
  const { view } = useViewNotice({ onNavigated: () => setOpen(false) })
  const banner = alerts.banner ? (
    <Suspense fallback={null}>
      <NoticeBanner notice={alerts.banner} onView={view} onClose={alerts.dismiss} />
    </Suspense>
  ) : null

  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  const allMessages = () => {
    setOpen(false)
    void navigate({ to: '/workbench' })
  }
  // the stand-in bell is replaced by the loaded one: a focused bell stays focused
  const hadFocus = useRef(false)
  const popup = popupPart.use()
  useLayoutEffect(() => {
    if (popup && hadFocus.current) {
      hadFocus.current = false
      button.current?.focus()
    }
  }, [popup])

  const bell = {
    ref: button,
    label,
    icon: 'bell',
    count,
    control: 'notice',
    expanded: open,
    testId: 'notice-bell',
  } as const
  const press = () => {
    setOpen(true)
    void popupPart.load().catch(() => setOpen(false))
  }
  return (
    <>
      {popup ? (
        <popup.NoticePopup
          narrow={narrow}
          open={open}
          setOpen={setOpen}
          close={close}
          bell={bell}
          onAllMessages={allMessages}
        />
      ) : (
        <ToolButton {...bell} onClick={press} onFocusChange={(f) => (hadFocus.current = f)} />
      )}
      {banner}
    </>
  )
}
