import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { Popover } from 'antd-mobile'
import { useRef, useState } from 'react'
import { ResponsiveSheet } from '#client/components/feedback/responsive-sheet'
import { ToolButton } from '#client/components/feedback/tool-button'
import { useDialogFocus } from '#client/components/feedback/use-dialog-focus'
import { useNarrowScreen } from '#client/components/feedback/use-narrow-screen'
import { unreadFilters, useNotices } from '../api/get-notices.ts'
import { useNoticeSocket } from '../use-notice-socket.ts'
import { NoticePanel } from './notice-panel.tsx'
import './notices.css'

/**
 * The header's notice bell (SPEC §1, §2): unread badge (hidden at zero), a popover on wide
 * screens and a bottom sheet on phones. Mounting it keeps the real-time connection open.
 */
export function NoticeBell() {
  const { t } = useLingui()
  useNoticeSocket()
  const narrow = useNarrowScreen()
  const navigate = useNavigate()
  const button = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  const { data } = useNotices(unreadFilters)
  const count = data?.UnreadCount ?? 0
  const label = count > 0 ? t`Notices: ${count} unread` : t`Notices`

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

  if (narrow) {
    return (
      <>
        <ToolButton ref={button} label={label} icon="bell" count={count} control="notice" expanded={open} testId="notice-bell" onClick={() => setOpen(true)} />
        <ResponsiveSheet open={open} onClose={close} title={t`Notices`}>
          {open ? <NoticePanel onAllMessages={allMessages} /> : null}
        </ResponsiveSheet>
      </>
    )
  }
  return (
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
          <NoticePanel onAllMessages={allMessages} />
        </div>
      }
    >
      <ToolButton ref={button} label={label} icon="bell" count={count} control="notice" expanded={open} testId="notice-bell" />
    </Popover>
  )
}
