import { useLingui } from '@lingui/react/macro'
import type { HistoryRecordType } from '#shared/contract/history'
import type { HistoryField } from '#client/components/history/history-entry'
import { RecordHistoryPanel } from '#client/components/history/record-history-panel'
import type { GridColumn } from './grid-config.ts'
import { CellView } from './grid-cell.tsx'

type Props = { kind: string; id: number | string; columns: GridColumn[]; onClose: () => void }

/** The history fields of a grid: labelled and formatted as its columns (dates, choices, numbers, audit state). */
export function useGridHistoryFields(columns: GridColumn[]): HistoryField[] {
  const { t, i18n } = useLingui()
  return [
    ...columns.map((column) => ({
      key: column.key,
      label: i18n._(column.label),
      format: (value: unknown) => <CellView column={column} value={value} compact />,
      // a choice none of its options match shows as nothing in the grid (a default of 0)
      isEmpty:
        column.type === 'choice'
          ? (value: unknown) => !column.options?.some((o) => String(o.value) === String(value))
          : undefined,
    })),
    // fields the grid has no column for
    { key: 'AuditComment', label: t`Audit comment` },
    { key: 'OrderId', label: t`Order` },
  ]
}

/** A grid record's history, loaded only when opened. */
export function HistoryPanel({ kind, id, columns, onClose }: Props) {
  const fields = useGridHistoryFields(columns)
  return (
    <RecordHistoryPanel
      recordType={kind as HistoryRecordType}
      recordId={id}
      fields={fields}
      onClose={onClose}
    />
  )
}
