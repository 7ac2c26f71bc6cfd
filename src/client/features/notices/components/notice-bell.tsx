import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { Popover } from 'antd-mobile'
import { lazy, Suspense, useRef, useState } from 'react'
import { ResponsiveSheet } from '#client/components/feedback/responsive-sheet'
import { ToolButton } from '#client/components/feedback/tool-button'
import { useDialogFocus } from '#client/components/feedback/use-dialog-focus'
import { useNarrowScreen } from '#client/components/feedback/use-narrow-screen'
import { unreadFilters, useNotices } from '../api/get-notices.ts'
import { useNoticeAlerts } from '../use-notice-alerts.ts'
import { useNoticeSocket } from '../use-notice-socket.ts'
import { useViewNotice } from '../use-view-notice.ts'
import { NoticePanel } from './notice-panel.tsx'
import './notices.css'

// loaded with the first live notice, not with the shell
const NoticeBanner = lazy(() =>
  import('./notice-banner.tsx').then((m) => ({ default: m.NoticeBanner })),
)

/**
 * The header's notice bell (SPEC §1, §2): unread badge (hidden at zero), a popover on wide
 * screens and a bottom sheet on phones. Mounting it keeps the real-time connection open; a
 * live notice shows a banner and the other alerts (use-notice-alerts.ts).
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
  // the popover: focus moves in when it opens, Escape closes it, focus returns to the bell
  const popover = useDialogFocus<HTMLDivElement>(open && !narrow, close)
  const allMessages = () => {
    setOpen(false)
    void navigate({ to: '/workbench' })
  }

  const bell = { ref: button, label, icon: 'bell', count, control: 'notice', expanded: open, testId: 'notice-bell' } as const
  const panel = <NoticePanel onAllMessages={allMessages} onNavigated={() => setOpen(false)} />

  if (narrow) {
    return (
      <>
        <ToolButton {...bell} onClick={() => setOpen(true)} />
        <ResponsiveSheet open={open} onClose={close} title={t`Notices`}>
          {open ? panel : null}
        </ResponsiveSheet>
        {banner}
      </>
    )
  }
  return (
    <>
      <Popover
        visible={open}
        onVisibleChange={setOpen}
        trigger="click"
        placement="bottom-end"
        destroyOnHide
        className="notice-popover"
        content={
          <div
            role="dialog"
            aria-label={t`Notices`}
            ref={popover}
            tabIndex={-1}
          >
            {panel}
          </div>
        }
      >
        <ToolButton {...bell} />
      </Popover>
      {banner}
    </>
  )
}
