import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'
import type { HistoryRecordType } from '#shared/contract/history'
import type { HistoryField } from './history-entry.tsx'

// the panel and its texts load when History is first opened, not with the screen
const RecordHistoryPanel = lazy(() =>
  import('./record-history-panel.tsx').then((m) => ({ default: m.RecordHistoryPanel })),
)

type Props = {
  recordType: HistoryRecordType
  recordId: number | string
  /** built when the panel opens */
  fields: () => HistoryField[]
  className?: string
  testId?: string
}

/** A "History" button that opens a record's history (side panel; bottom sheet on phones). */
export function HistoryButton({
  recordType,
  recordId,
  fields,
  className,
  testId = 'history-open',
}: Props) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className={className ?? 'history-open'}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        {t`History`}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <RecordHistoryPanel
            recordType={recordType}
            recordId={recordId}
            fields={fields()}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  )
}
