import { useLingui } from '@lingui/react/macro'
import { Button, Popup, PullToRefresh, SwipeAction } from 'antd-mobile'
import { useState } from 'react'
import { useDialogFocus } from '#client/components/feedback/use-dialog-focus'
import { translate } from '#client/lib/i18n'
import type { GridColumn, GridRow } from './grid-config.ts'
import type { CellErrors } from './grid-edits.ts'
import { gridErrorText } from './grid-error-text.ts'
import { CellEditor, CellView } from './grid-cell.tsx'

type Props = {
  columns: GridColumn[]
  rows: GridRow[]
  errors: CellErrors
  editable: boolean
  selected: ReadonlySet<number>
  onSelect: (id: number, on: boolean) => void
  onEdit: (id: number, key: string, value: unknown) => void
  onRemove: (id: number) => void
  onRefresh: () => Promise<unknown>
  focusId?: number
}

/**
 * The grid below 992 px: one card per row (pull to refresh, swipe to delete); tapping a card
 * opens a full-screen form with the same inputs and the same rules as the table.
 */
export function GridCards({ columns, rows, errors, editable, selected, onSelect, onEdit, onRemove, onRefresh, focusId }: Props) {
  const { t, i18n } = useLingui()
  const [openId, setOpenId] = useState<number | null>(null)
  const open = rows.find((r) => r.Id === openId)
  // Escape closes the form and the focus goes back to the card (issue 21)
  const formBox = useDialogFocus<HTMLFormElement>(open !== undefined, () => setOpenId(null))
  const primary = columns.filter((c) => c.primary)
  const rest = columns.filter((c) => !c.primary).slice(0, 4)

  return (
    <>
      <PullToRefresh onRefresh={async () => void (await onRefresh())}>
        <ul className="grid-cards" data-testid="grid-cards">
          {rows.map((r) => {
            const rowErrors = errors[r.Id]
            const card = (
              <div className={`grid-card${rowErrors ? ' has-error' : ''}${r.Id === focusId ? ' is-focused' : ''}`}>
                <label className="grid-card-check">
                  <input type="checkbox" aria-label={t`Select row`} checked={selected.has(r.Id)} onChange={(e) => onSelect(r.Id, e.target.checked)} />
                </label>
                <button type="button" className="grid-card-body" onClick={() => setOpenId(r.Id)}>
                  <span className="grid-card-title">
                    {primary.map((c) => (
                      <span key={c.key}>
                        <CellView column={c} value={r[c.key]} />
                      </span>
                    ))}
                  </span>
                  <dl className="grid-card-fields">
                    {rest.map((c) => (
                      <div key={c.key}>
                        <dt>{i18n._(c.label)}</dt>
                        <dd>
                          <CellView column={c} value={r[c.key]} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                  {rowErrors ? <span className="grid-cell-error">{t`Tap to correct the marked fields`}</span> : null}
                </button>
              </div>
            )
            return (
              <li key={r.Id} data-testid="grid-row" data-id={r.Id}>
                {editable ? (
                  <SwipeAction rightActions={[{ key: 'delete', text: t`Delete`, color: 'danger', onClick: () => onRemove(r.Id) }]}>{card}</SwipeAction>
                ) : (
                  card
                )}
              </li>
            )
          })}
        </ul>
      </PullToRefresh>
      <Popup visible={open !== undefined} onMaskClick={() => setOpenId(null)} position="right" bodyClassName="grid-form-popup" destroyOnClose>
        {open ? (
          <form className="grid-form" data-testid="grid-form" ref={formBox} tabIndex={-1} aria-label={t`Edit record`} onSubmit={(e) => (e.preventDefault(), setOpenId(null))}>
            {columns.map((c) => {
              const error = errors[open.Id]?.[c.key]
              const id = `grid-form-${c.key}`
              return (
                <div key={c.key} className={`grid-form-row${error ? ' has-error' : ''}`}>
                  <label htmlFor={id}>{i18n._(c.label)}</label>
                  {editable && c.editable ? (
                    <CellEditor id={id} column={c} value={open[c.key]} onChange={(v) => onEdit(open.Id, c.key, v)} error={error ? translate(gridErrorText(error)) : undefined} />
                  ) : (
                    <span id={id}>
                      <CellView column={c} value={open[c.key]} />
                    </span>
                  )}
                  {error ? <span className="grid-cell-error" role="alert">{translate(gridErrorText(error))}</span> : null}
                </div>
              )
            })}
            <Button block type="submit" color="primary">
              {t`Done`}
            </Button>
          </form>
        ) : null}
      </Popup>
    </>
  )
}
