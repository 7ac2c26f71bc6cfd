import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type {
  HistoryAction,
  HistoryChange,
  HistoryEntry as Entry,
  HistoryHow,
} from '#shared/contract/history'

/**
 * How the history names and shows one field: as the record's screen labels and formats it.
 * `isEmpty`: values the screen shows as nothing (a choice none of its options match).
 */
export type HistoryField = {
  key: string
  label: string
  format?: (value: unknown) => ReactNode
  isEmpty?: (value: unknown) => boolean
}

/** Nothing stored: no value, an empty text or an empty list (also as stored JSON text). */
export const isEmptyValue = (v: unknown) =>
  v === null || v === undefined || v === '' || v === '[]' || (Array.isArray(v) && v.length === 0)

/** Nothing as the field shows it: no stored value, or one its screen shows as nothing. */
const shownEmpty = (field: HistoryField | undefined, v: unknown) =>
  isEmptyValue(v) || field?.isEmpty?.(v) === true

/**
 * The changes worth a line: one from nothing to nothing (a new record's empty pictures, a choice
 * left unset) is none.
 */
export const shownChanges = (changes: HistoryChange[], fields: Map<string, HistoryField>) =>
  changes.filter((c) => {
    const field = fields.get(c.field)
    return !(shownEmpty(field, c.old) && shownEmpty(field, c.new))
  })

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

/** A value as the screen shows it; nothing is a dash (an empty list as the field counts it). */
function Value({ field, value }: { field: HistoryField | undefined; value: unknown }) {
  if (field?.isEmpty?.(value)) return <span className="history-none">-</span>
  if (field?.format && value !== null && value !== undefined && value !== '')
    return <>{field.format(value)}</>
  if (isEmptyValue(value)) return <span className="history-none">-</span>
  return <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>
}

/** One history entry: what was done, by whom, how and when, and each field's change. */
export function HistoryEntryView({
  entry,
  fields,
}: {
  entry: Entry
  fields: Map<string, HistoryField>
}) {
  const { i18n } = useLingui()
  const { actions, hows } = useWords()
  const changes = shownChanges(entry.Changes, fields)
  return (
    <li className="history-entry" data-testid="history-entry" data-action={entry.Action}>
      <p className="history-head">
        <strong>{actions[entry.Action]}</strong> · {entry.UserName || '-'} · {hows[entry.How]}
        <time dateTime={entry.At}>
          {i18n.date(new Date(entry.At), { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </p>
      {changes.length > 0 ? (
        <dl className="history-changes">
          {changes.map((c) => {
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
