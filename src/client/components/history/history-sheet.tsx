import { useLingui } from '@lingui/react/macro'
import { Popup } from 'antd-mobile'
import type { ReactNode } from 'react'
import { useDialogFocus } from '#client/components/feedback/use-dialog-focus'
import { useNarrowScreen } from '#client/components/feedback/use-narrow-screen'
import './history-panel.css'

export type HistorySheetProps = {
  title: string
  testId: string
  onClose: () => void
  /** the list's query: loading, failed, or answered with nothing */
  pending: boolean
  failed: boolean
  empty: boolean
  emptyTestId?: string
  /** shown between the title and the list (e.g. which deleted record this is) */
  intro?: ReactNode
  children: ReactNode
}

/**
 * The sheet every history list shows in: a side panel on wide screens, a bottom
 * sheet on phones, with its title, close button and the list's loading, error and empty states.
 */
export function HistorySheet(p: HistorySheetProps) {
  const { t } = useLingui()
  const narrow = useNarrowScreen()
  const box = useDialogFocus<HTMLDivElement>(true, p.onClose)
  return (
    <Popup
      visible
      onMaskClick={p.onClose}
      onClose={p.onClose}
      position={narrow ? 'bottom' : 'right'}
      bodyClassName="history-popup"
      destroyOnClose
      style={{ '--z-index': '1978' }}
    >
      <div
        className="history-panel"
        role="dialog"
        aria-modal="true"
        aria-label={p.title}
        data-testid={p.testId}
        ref={box}
        tabIndex={-1}
      >
        <div className="history-title">
          <h2>{p.title}</h2>
          <button type="button" className="sheet-close" aria-label={t`Close`} onClick={p.onClose}>
            ×
          </button>
        </div>
        {p.intro}
        {p.pending ? <p className="grid-state">{t`Loading…`}</p> : null}
        {p.failed ? (
          <p className="grid-state" role="alert">{t`The history could not be loaded`}</p>
        ) : null}
        {p.empty ? (
          <p className="grid-state" data-testid={p.emptyTestId}>{t`No changes recorded yet`}</p>
        ) : null}
        {p.children}
      </div>
    </Popup>
  )
}
