import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { RowConflict } from '#shared/contract/row-version'
import { clashTime } from './clash-time.ts'
import './clash-notice.css'

type Props = {
  conflicts: RowConflict[]
  /** the record as the user knows it (order number, title): said first */
  title?: string
  /** the user's edit was a delete */
  deleting?: boolean
  /** a field's name in the user's language */
  label: (field: string) => string
  /** a value as the screen shows it (number and date formats, choice names) */
  value: (field: string, value: unknown) => ReactNode
  /** saves again from the current version; absent when the record is gone */
  onKeepMine?: () => void
  /** drops the edit of the clashing fields and shows the current values */
  onTakeTheirs: () => void
  busy?: boolean
}

/**
 * A save refused because someone else changed the same field since the edit started (DESIGN §11),
 * shown where the edit was made: per field "changed by 王丽 at 10:42: 900 / yours: 1,200", with
 * Keep mine and Take theirs. An alert, so a screen reader says it when it appears.
 */
export function ClashNotice({
  conflicts,
  title,
  deleting,
  label,
  value,
  onKeepMine,
  onTakeTheirs,
  busy,
}: Props) {
  const { t, i18n } = useLingui()
  const gone = conflicts.find((c) => c.deleted)
  return (
    <div className="clash-notice" role="alert" data-testid="clash">
      <p className="clash-notice-title">
        {title ? (
          <Trans>{title}: someone else changed this record after you started editing</Trans>
        ) : (
          <Trans>Someone else changed this record after you started editing</Trans>
        )}
      </p>
      {gone ? (
        <p className="clash-notice-line" data-testid="clash-deleted">
          <Trans>
            Deleted by {gone.currentBy} at {clashTime(gone.currentAt, i18n.locale)}
          </Trans>
        </p>
      ) : (
        <ul className="clash-notice-fields">
          {conflicts.map((c) => {
            const who = c.currentBy
            const at = clashTime(c.currentAt, i18n.locale)
            const theirs = <b className="clash-theirs">{value(c.field, c.current)}</b>
            const mine = (
              <b className="clash-mine">
                {deleting ? t`delete the record` : value(c.field, c.mine)}
              </b>
            )
            return (
              <li key={`${c.Id}-${c.field}`} data-field={c.field} className="clash-notice-line">
                <span className="clash-notice-field">{label(c.field)}</span>{' '}
                <Trans>
                  changed by {who} at {at}: {theirs} / yours: {mine}
                </Trans>
              </li>
            )
          })}
        </ul>
      )}
      <div className="clash-notice-actions">
        {onKeepMine && !gone ? (
          <button type="button" className="clash-keep" disabled={busy} onClick={onKeepMine}>
            {t`Keep mine`}
          </button>
        ) : null}
        <button type="button" className="clash-take" disabled={busy} onClick={onTakeTheirs}>
          {gone ? t`Discard my edit` : t`Take theirs`}
        </button>
      </div>
    </div>
  )
}
