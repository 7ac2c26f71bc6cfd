import { useLingui } from '@lingui/react/macro'
import { Popup } from 'antd-mobile'
import type {
  HistoryAction,
  HistoryEntry,
  HistoryHow,
  HistoryRecordType,
} from '#shared/contract/history'
import { useDialogFocus } from '#client/components/feedback/use-dialog-focus'
import { useNarrowScreen } from '#client/components/feedback/use-narrow-screen'
import { useRecordHistory } from '../api/get-record-history.ts'
import type { GridColumn } from './grid-config.ts'
import { CellView } from './grid-cell.tsx'
import './history-panel.css'

type Props = { kind: string; id: number; columns: GridColumn[]; onClose: () => void }

function useWords() {
  const { t } = useLingui()
  const actions: Record<HistoryAction, string> = {
    create: t`Created`,
    update: t`Edited`,
    delete: t`Deleted`,
    audit: t`Audited`,
    unaudit: t`Audit rejected`,
    import: t`Imported`,
  }
  const hows: Record<HistoryHow, string> = {
    screen: t`on screen`,
    import: t`from a spreadsheet`,
    offline: t`offline, sent later`,
    api: t`through the API`,
  }
  return { actions, hows }
}

/** A value as the grid shows it (dates, choices, numbers); nothing is a dash. */
function Value({ column, value }: { column: GridColumn | undefined; value: unknown }) {
  if (value === null || value === undefined || value === '')
    return <span className="history-none">-</span>
  return column ? (
    <CellView column={column} value={value} compact />
  ) : (
    <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>
  )
}

function Entry({ entry, columns }: { entry: HistoryEntry; columns: GridColumn[] }) {
  const { t, i18n } = useLingui()
  // fields the grid has no column for
  const extra: Record<string, string> = { AuditComment: t`Audit comment`, OrderId: t`Order` }
  const { actions, hows } = useWords()
  const byKey = new Map(columns.map((c) => [c.key, c]))
  const at = new Date(entry.At)
  return (
    <li className="history-entry" data-testid="history-entry" data-action={entry.Action}>
      <p className="history-head">
        <strong>{actions[entry.Action]}</strong> · {entry.UserName || '-'} · {hows[entry.How]}
        <time dateTime={entry.At}>
          {i18n.date(at, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </p>
      {entry.Changes.length > 0 ? (
        <dl className="history-changes">
          {entry.Changes.map((c) => {
            const column = byKey.get(c.field)
            return (
              <div key={c.field} data-field={c.field}>
                <dt>{column ? i18n._(column.label) : (extra[c.field] ?? c.field)}</dt>
                <dd>
                  <Value column={column} value={c.old} /> → <Value column={column} value={c.new} />
                </dd>
              </div>
            )
          })}
        </dl>
      ) : null}
    </li>
  )
}

/**
 * A record's history (issue 34): who changed what and when, newest first, field names as the
 * grid labels them, values as it formats them; more on demand. A side panel on wide screens, a
 * bottom sheet on phones. Loaded only when opened.
 */
export function HistoryPanel({ kind, id, columns, onClose }: Props) {
  const { t } = useLingui()
  const narrow = useNarrowScreen()
  const box = useDialogFocus<HTMLDivElement>(true, onClose)
  const history = useRecordHistory(kind as HistoryRecordType, id)
  const entries = history.data?.pages.flatMap((p) => p.result) ?? []
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
        aria-label={t`History`}
        data-testid="history-panel"
        ref={box}
        tabIndex={-1}
      >
        <div className="history-title">
          <h2>{t`History`}</h2>
          <button type="button" className="sheet-close" aria-label={t`Close`} onClick={onClose}>
            ×
          </button>
        </div>
        {history.isPending ? <p className="grid-state">{t`Loading…`}</p> : null}
        {history.isError ? (
          <p className="grid-state" role="alert">{t`The history could not be loaded`}</p>
        ) : null}
        {history.isSuccess && entries.length === 0 ? (
          <p className="grid-state" data-testid="history-empty">{t`No changes recorded yet`}</p>
        ) : null}
        <ol className="history-list">
          {entries.map((e) => (
            <Entry key={e.Id} entry={e} columns={columns} />
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
      </div>
    </Popup>
  )
}
