import { useLingui } from '@lingui/react/macro'
import { Popup } from 'antd-mobile'
import type { ReactNode } from 'react'
import type {
  HistoryAction,
  HistoryEntry,
  HistoryHow,
  HistoryRecordType,
} from '#shared/contract/history'
import { useDialogFocus } from '#client/components/feedback/use-dialog-focus'
import { useNarrowScreen } from '#client/components/feedback/use-narrow-screen'
import { useRecordHistory } from './get-record-history.ts'
import './history-panel.css'

/** How the history names and shows one field: as the record's screen labels and formats it. */
export type HistoryField = { key: string; label: string; format?: (value: unknown) => ReactNode }

export type RecordHistoryProps = {
  recordType: HistoryRecordType
  recordId: number | string
  fields: HistoryField[]
  onClose: () => void
  /** shown above the entries (e.g. which deleted record this is) */
  children?: ReactNode
}

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

/** A value as the screen shows it; nothing is a dash. */
function Value({ field, value }: { field: HistoryField | undefined; value: unknown }) {
  if (value === null || value === undefined || value === '')
    return <span className="history-none">-</span>
  if (field?.format) return <>{field.format(value)}</>
  return <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>
}

function Entry({ entry, fields }: { entry: HistoryEntry; fields: Map<string, HistoryField> }) {
  const { i18n } = useLingui()
  const { actions, hows } = useWords()
  return (
    <li className="history-entry" data-testid="history-entry" data-action={entry.Action}>
      <p className="history-head">
        <strong>{actions[entry.Action]}</strong> · {entry.UserName || '-'} · {hows[entry.How]}
        <time dateTime={entry.At}>
          {i18n.date(new Date(entry.At), { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </p>
      {entry.Changes.length > 0 ? (
        <dl className="history-changes">
          {entry.Changes.map((c) => {
            const field = fields.get(c.field)
            return (
              <div key={c.field} data-field={c.field}>
                <dt>{field?.label ?? c.field}</dt>
                <dd>
                  <Value field={field} value={c.old} /> → <Value field={field} value={c.new} />
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
  const narrow = useNarrowScreen()
  const box = useDialogFocus<HTMLDivElement>(true, onClose)
  const history = useRecordHistory(recordType, recordId)
  const entries = history.data?.pages.flatMap((p) => p.result) ?? []
  const byKey = new Map(fields.map((f) => [f.key, f]))
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
        {children}
        {history.isPending ? <p className="grid-state">{t`Loading…`}</p> : null}
        {history.isError ? (
          <p className="grid-state" role="alert">{t`The history could not be loaded`}</p>
        ) : null}
        {history.isSuccess && entries.length === 0 ? (
          <p className="grid-state" data-testid="history-empty">{t`No changes recorded yet`}</p>
        ) : null}
        <ol className="history-list">
          {entries.map((e) => (
            <Entry key={e.Id} entry={e} fields={byKey} />
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
