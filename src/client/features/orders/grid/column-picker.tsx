import { useLingui } from '@lingui/react/macro'
import { ResponsiveSheet } from '#client/components/feedback/responsive-sheet'
import type { GridColumn } from './grid-config.ts'
import {
  moveColumn,
  noColumnPrefs,
  orderedColumns,
  toggleColumn,
  type ColumnPrefs,
} from './grid-column-prefs.ts'

type Props = {
  columns: GridColumn[]
  prefs: ColumnPrefs
  onChange: (p: ColumnPrefs) => void
  onClose: () => void
}

/** Column customisation (SPEC §2): show or hide each column and move it up or down; saved per user. */
export function ColumnPicker({ columns, prefs, onChange, onClose }: Props) {
  const { t, i18n } = useLingui()
  const hidden = new Set(prefs.hidden)
  const ordered = orderedColumns(columns, prefs)
  return (
    <ResponsiveSheet
      open
      onClose={onClose}
      title={t`Columns`}
      note={t`Saved for your account on the server and in this browser`}
      testId="column-picker"
    >
      <div className="grid-sheet-body">
        <ol className="grid-columns">
          {ordered.map((c, i) => {
            const label = i18n._(c.label)
            return (
              <li key={c.key} data-key={c.key}>
                <label>
                  <input
                    type="checkbox"
                    checked={!hidden.has(c.key)}
                    onChange={(e) => onChange(toggleColumn(prefs, c.key, e.target.checked))}
                  />
                  {label}
                </label>
                <button
                  type="button"
                  aria-label={t`Move ${label} up`}
                  disabled={i === 0}
                  onClick={() => onChange(moveColumn(columns, prefs, c.key, -1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  aria-label={t`Move ${label} down`}
                  disabled={i === ordered.length - 1}
                  onClick={() => onChange(moveColumn(columns, prefs, c.key, 1))}
                >
                  ↓
                </button>
              </li>
            )
          })}
        </ol>
        <button
          type="button"
          className="grid-tool"
          onClick={() => onChange(noColumnPrefs)}
          data-testid="columns-reset"
        >
          {t`Restore defaults`}
        </button>
      </div>
    </ResponsiveSheet>
  )
}
