import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Popup } from 'antd-mobile'
import { useState } from 'react'
import { historyDeletedResponse, type DeletedRecord } from '#shared/contract/history'
import { useDialogFocus } from '#client/components/feedback/use-dialog-focus'
import { useNarrowScreen } from '#client/components/feedback/use-narrow-screen'
import {
  RecordHistoryPanel,
  type HistoryField,
} from '#client/components/history/record-history-panel'
import { postCall } from '#client/lib/http'
import { useGridHistoryFields } from '#client/features/orders/grid/history-panel'
import { orderGrid, shipmentGrid } from '#client/features/orders/kinds/order-grids'
import { supplierFormGrid } from '#client/features/orders/kinds/supplier-form-grid'
import {
  financeGrid,
  outsourcingGrid,
  productionReportGrid,
  purchaseGrid,
  qualityGrid,
  warehouseGrid,
} from '#client/features/orders/kinds/supply-grids'
import type { GridColumn } from '#client/features/orders/grid/grid-config'
import {
  departmentHistoryFields,
  menuHistoryFields,
  roleHistoryFields,
  userHistoryFields,
} from '../history-fields.ts'

const grids = [
  orderGrid,
  shipmentGrid,
  supplierFormGrid,
  financeGrid,
  outsourcingGrid,
  productionReportGrid,
  purchaseGrid,
  qualityGrid,
  warehouseGrid,
]
const raw = (v: unknown) => String(v)
const systemFields: Record<string, () => HistoryField[]> = {
  User: () => userHistoryFields(raw, raw),
  Role: () => roleHistoryFields(raw),
  Department: () => departmentHistoryFields(raw),
  Menu: () => menuHistoryFields(raw),
}

function DeletedRecordHistory({ record, onClose }: { record: DeletedRecord; onClose: () => void }) {
  const { t } = useLingui()
  const columns: GridColumn[] = grids.find((g) => g.kind === record.RecordType)?.columns ?? []
  const gridFields = useGridHistoryFields(columns)
  const fields = columns.length > 0 ? gridFields : (systemFields[record.RecordType]?.() ?? [])
  return (
    <RecordHistoryPanel
      recordType={record.RecordType}
      recordId={record.RecordId}
      fields={fields}
      onClose={onClose}
    >
      <p className="sys-note" data-testid="deleted-record">
        {t`Deleted record: ${record.RecordType} ${record.RecordId}`}
      </p>
    </RecordHistoryPanel>
  )
}

/**
 * The records an operation-log line of a save deleted (issue 34, administrators): one opens its
 * history at once, several are listed first. Loaded only when opened from the log.
 */
export function LogDeletions({ logId, onClose }: { logId: number; onClose: () => void }) {
  const { t } = useLingui()
  const narrow = useNarrowScreen()
  const [chosen, setChosen] = useState<DeletedRecord | null>(null)
  const box = useDialogFocus<HTMLDivElement>(true, onClose)
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
    <Popup
      visible
      onMaskClick={onClose}
      onClose={onClose}
      position={narrow ? 'bottom' : 'right'}
      bodyClassName="history-popup"
      destroyOnClose
      style={{ '--z-index': '1978' }}
    >
      <div
        className="history-panel"
        role="dialog"
        aria-modal="true"
        aria-label={t`Deleted records`}
        ref={box}
        tabIndex={-1}
        data-testid="log-deletions"
      >
        <div className="history-title">
          <h2>{t`Deleted records`}</h2>
          <button type="button" className="sheet-close" aria-label={t`Close`} onClick={onClose}>
            ×
          </button>
        </div>
        {deleted.isPending ? <p className="grid-state">{t`Loading…`}</p> : null}
        {deleted.isError ? (
          <p className="grid-state" role="alert">{t`The history could not be loaded`}</p>
        ) : null}
        {deleted.isSuccess && records.length === 0 ? (
          <p className="grid-state">{t`No changes recorded yet`}</p>
        ) : null}
        <ul className="history-list">
          {records.map((r) => (
            <li key={r.Id} className="history-entry">
              <button
                type="button"
                className="history-more"
                onClick={() => setChosen(r)}
                data-testid="deleted-record-open"
              >
                {r.RecordType} {r.RecordId}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </Popup>
  )
}
