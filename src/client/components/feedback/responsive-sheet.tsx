import { useLingui } from '@lingui/react/macro'
import { CenterPopup, Popup } from 'antd-mobile'
import { useId, type ReactNode } from 'react'
import { useDialogFocus } from './use-dialog-focus.ts'
import { useDragOffset } from './use-drag-offset.ts'
import { useNarrowScreen } from './use-narrow-screen.ts'
import './header-tools.css'

/** SPEC §9: dialogs sit at z-index 1978. */
export const dialogZIndex = '1978'

type Props = {
  open: boolean
  onClose: () => void
  title: ReactNode
  children: ReactNode
  /** extra line under the title */
  note?: ReactNode
  testId?: string
}

/**
 * A dialog: a bottom sheet on phones, a centred box on wider screens that can be moved by its
 * header; closes on mask, Esc or ×.
 */
export function ResponsiveSheet({ open, onClose, title, note, children, testId }: Props) {
  const { t } = useLingui()
  const narrow = useNarrowScreen()
  const titleId = useId()
  const drag = useDragOffset()
  const box = useDialogFocus<HTMLDivElement>(open, onClose)
  const moved = !narrow && (drag.offset.x !== 0 || drag.offset.y !== 0)
  const body = (
    <div
      className="sheet"
      style={moved ? { transform: `translate(${drag.offset.x}px, ${drag.offset.y}px)` } : undefined}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid={testId}
      ref={box}
      tabIndex={-1}
    >
      <div
        className={`sheet-head${narrow ? '' : ' is-draggable'}`}
        onPointerDown={narrow ? undefined : drag.onPointerDown}
        data-testid="sheet-head"
      >
        <h2 id={titleId} className="sheet-title">
          {title}
        </h2>
        <button type="button" className="sheet-close" aria-label={t`Close`} onClick={onClose}>
          <svg
            width="18"
            height="18"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            aria-hidden="true"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      {note ? <p className="sheet-note">{note}</p> : null}
      <div className="sheet-body">{children}</div>
    </div>
  )
  return narrow ? (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="sheet-popup"
      destroyOnClose
      style={{ '--z-index': dialogZIndex }}
    >
      {body}
    </Popup>
  ) : (
    <CenterPopup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName="sheet-center"
      style={{ '--z-index': dialogZIndex }}
    >
      {body}
    </CenterPopup>
  )
}
