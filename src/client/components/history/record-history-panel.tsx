import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { HistoryRecordType } from '#shared/contract/history'
import { useRecordHistory } from './get-record-history.ts'
import { HistoryEntryView, type HistoryField } from './history-entry.tsx'
import { HistorySheet } from './history-sheet.tsx'

export type RecordHistoryProps = {
  recordType: HistoryRecordType
  recordId: number | string
  fields: HistoryField[]
  onClose: () => void
  /** shown above the entries (e.g. which deleted record this is) */
  children?: ReactNode
}

/**
 * A record's history: who changed what and when, newest first, field names as the
 * record's screen labels them, values as it formats them; more on demand. A side panel on wide
 * screens, a bottom sheet on phones. Loaded only when opened (see HistoryButton).
 */
export function RecordHistoryPanel({
  recordType,
  recordId,
  fields,
  onClose,
  children,
}: RecordHistoryProps) {
  const { t } = useLingui()
  const history = useRecordHistory(recordType, recordId)
  const entries = history.data?.pages.flatMap((p) => p.result) ?? []
  const byKey = new Map(fields.map((f) => [f.key, f]))
  return (
    <HistorySheet
      title={t`History`}
      testId="history-panel"
      onClose={onClose}
      pending={history.isPending}
      failed={history.isError}
      empty={history.isSuccess && entries.length === 0}
      emptyTestId="history-empty"
      intro={children}
    >
      <ol className="history-list">
        {entries.map((e) => (
          <HistoryEntryView key={e.Id} entry={e} fields={byKey} />
        ))}
      </ol>
      {history.hasNextPage ? (
        <button
          type="button"
          className="history-more"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? t`Loading…` : t`Older changes`}
        </button>
      ) : null}
    </HistorySheet>
  )
}
