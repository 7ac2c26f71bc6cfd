import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { historyDeletedResponse, type DeletedRecord } from '#shared/contract/history'
import { HistorySheet } from '#client/components/history/history-sheet'
import { RecordHistoryPanel } from '#client/components/history/record-history-panel'
import { postCall } from '#client/lib/http'
import { useDeletedRecordKind } from './deleted-record-fields.tsx'

function DeletedRecordHistory({ record, onClose }: { record: DeletedRecord; onClose: () => void }) {
  const { t } = useLingui()
  const kind = useDeletedRecordKind(record.RecordType)
  return (
    <RecordHistoryPanel
      recordType={record.RecordType}
      recordId={record.RecordId}
      fields={kind.fields}
      onClose={onClose}
    >
      <p className="sys-note" data-testid="deleted-record">
        {t`Deleted record: ${kind.name} ${record.RecordId}`}
      </p>
    </RecordHistoryPanel>
  )
}

function DeletedRecordButton({ record, onOpen }: { record: DeletedRecord; onOpen: () => void }) {
  const kind = useDeletedRecordKind(record.RecordType)
  return (
    <li className="history-entry">
      <button
        type="button"
        className="history-more"
        onClick={onOpen}
        data-testid="deleted-record-open"
      >
        {kind.name} {record.RecordId}
      </button>
    </li>
  )
}

/**
 * The records an operation-log line of a save deleted (administrators): one opens its
 * history at once, several are listed first. Loaded only when opened from the log.
 */
export function LogDeletions({ logId, onClose }: { logId: number; onClose: () => void }) {
  const { t } = useLingui()
  const [chosen, setChosen] = useState<DeletedRecord | null>(null)
  const deleted = useQuery({
    queryKey: ['history-deleted', logId],
    queryFn: async () =>
      (await postCall('History/GetDeleted', historyDeletedResponse, { logId, pageSize: 100 })).data,
  })
  const records = deleted.data?.result ?? []
  const only = records.length === 1 ? records[0]! : null
  if (chosen ?? only)
    return (
      <DeletedRecordHistory
        record={(chosen ?? only)!}
        onClose={chosen && !only ? () => setChosen(null) : onClose}
      />
    )
  return (
    <HistorySheet
      title={t`Deleted records`}
      testId="log-deletions"
      onClose={onClose}
      pending={deleted.isPending}
      failed={deleted.isError}
      empty={deleted.isSuccess && records.length === 0}
    >
      <ul className="history-list">
        {records.map((r) => (
          <DeletedRecordButton key={r.Id} record={r} onOpen={() => setChosen(r)} />
        ))}
      </ul>
    </HistorySheet>
  )
}
