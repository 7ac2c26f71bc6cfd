import { useLingui } from '@lingui/react/macro'
import { stateOf, toggle, type CheckRow } from '../menu-checks.ts'

type Props = {
  rows: readonly CheckRow[]
  held: ReadonlySet<number>
  onChange: (next: Set<number>) => void
  /** every entry fixed on (the built-in admin role) */
  locked?: boolean
}

/**
 * The menu tree as a checklist: which entries (screens) a role holds. Checking a group checks
 * its entries; entries every signed-in user has anyway are shown checked and fixed.
 */
export function MenuChecklist({ rows, held, onChange, locked = false }: Props) {
  const { t, i18n } = useLingui()
  return (
    <ul className="sys-checklist" data-testid="role-menu-checklist">
      {rows.map((row) => {
        const state = locked || row.open ? 'on' : stateOf(held, row)
        const title = i18n.locale === 'zh' && row.titleZh ? row.titleZh : row.title
        return (
          <li key={row.id} style={{ paddingInlineStart: `${row.depth * 18}px` }}>
            <label>
              <input
                type="checkbox"
                checked={state === 'on'}
                ref={(el) => {
                  if (el) el.indeterminate = state === 'some'
                }}
                disabled={locked || row.open}
                onChange={(e) => onChange(toggle(held, row, e.target.checked))}
                data-path={row.path}
                data-testid="role-menu-entry"
              />
              <span>{title}</span>
              <small>{row.path}</small>
              {row.open ? <em>{t`every signed-in user`}</em> : null}
            </label>
          </li>
        )
      })}
    </ul>
  )
}
