import { useLingui } from '@lingui/react/macro'
import { Popover } from 'antd-mobile'
import type { ComponentProps } from 'react'
import { ResponsiveSheet } from '#client/components/feedback/responsive-sheet'
import { ToolButton } from '#client/components/feedback/tool-button'
import { useDialogFocus } from '#client/components/feedback/use-dialog-focus'
import { NoticePanel } from './notice-panel.tsx'

type Props = {
  narrow: boolean
  open: boolean
  setOpen: (open: boolean) => void
  /** closes and gives the focus back to the bell */
  close: () => void
  bell: ComponentProps<typeof ToolButton>
  onAllMessages: () => void
}

/**
 * The bell with what it opens: a popover on wide screens, a bottom sheet on phones. Loaded with the
 * first press (notice-bell.tsx), so antd-mobile's Popover and the panel's tabs are not part
 * of the staff shell's first paint.
 */
export function NoticePopup({ narrow, open, setOpen, close, bell, onAllMessages }: Props) {
  const { t } = useLingui()
  // the popover: focus moves in when it opens, Escape closes it, focus returns to the bell
  const popover = useDialogFocus<HTMLDivElement>(open && !narrow, close)
  const panel = <NoticePanel onAllMessages={onAllMessages} onNavigated={() => setOpen(false)} />

  if (narrow) {
    return (
      <>
        <ToolButton {...bell} onClick={() => setOpen(true)} />
        <ResponsiveSheet open={open} onClose={close} title={t`Notices`}>
          {open ? panel : null}
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
        <div role="dialog" aria-label={t`Notices`} ref={popover} tabIndex={-1}>
          {panel}
        </div>
      }
    >
      <ToolButton {...bell} />
    </Popover>
  )
}
