import { useLingui } from '@lingui/react/macro'
import { RequiredMark } from './required-mark.tsx'
import { Button, Popup, SwipeAction } from 'antd-mobile'
import { useEffect, useState, type ReactNode } from 'react'
import { focusFirstErrorSoon } from '#client/components/form/focus-first-error'
import { useDialogFocus } from '#client/components/feedback/use-dialog-focus'
import { auditResetFields } from '#shared/contract/audit-reset'
import { translate } from '#client/lib/i18n'
import type { GridColumn, GridRow } from './grid-config.ts'
import type { CellErrors } from './grid-edits.ts'
import { gridErrorText } from './grid-error-text.ts'
import { AuditTag, CellEditor, CellView, WaitingMark } from './grid-cell.tsx'

type Props = {
  /** the grid's kind (API name): which of its fields reset an audit */
  kind: string
  columns: GridColumn[]
  rows: GridRow[]
  errors: CellErrors
  /** fields of saves waiting in the outbox, by row (pending-saves.ts) */
  waiting: Record<number, Record<string, true>>
  editable: boolean
  selected: ReadonlySet<number>
  onSelect: (id: number, on: boolean) => void
  onEdit: (id: number, key: string, value: unknown) => void
  /** removes a row from the edits; absent when the role hides Delete: no swipe action then */
  onRemove?: (id: number) => void
  /** opens a saved record's history */
  onHistory?: (id: number) => void
  focusId?: number
  /** shown under a card: a clash of its save, with its choices */
  below?: (id: number) => ReactNode
}

const blank = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)

/**
 * Fields a card shows below its title: the first four that hold a value (no empty label), every
 * field with an error, and files when there are some.
 */
const cardFields = (
  columns: GridColumn[],
  errors: Record<string, string> | undefined,
  row: GridRow,
  waiting?: Record<string, true>,
) => {
  const rest = columns.filter((c) => !c.primary && c.type !== 'audit')
  const firstFilled = new Set(
    rest
      .filter((c) => !blank(row[c.key]))
      .slice(0, 4)
      .map((c) => c.key),
  )
  return rest.filter(
    (c) =>
      firstFilled.has(c.key) ||
      !!errors?.[c.key] ||
      !!waiting?.[c.key] ||
      (c.type === 'files' && Array.isArray(row[c.key]) && (row[c.key] as unknown[]).length > 0),
  )
}

/**
 * The grid below 992 px: one card per row (swipe to delete when the role may delete; pulling refreshes the whole page,
 * see shell/page-pull-refresh) with its audit
 * state; values are shown as typed until saved, and a refused field is marked with its message.
 * Tapping a card opens a full-screen form with the same inputs and the same rules as the table.
 * A value saved offline shows with a "waiting" mark until the server has it.
 */
export function GridCards({
  kind,
  columns,
  rows,
  errors,
  waiting,
  editable,
  selected,
  onSelect,
  onEdit,
  onRemove,
  onHistory,
  focusId,
  below,
}: Props) {
  const { t, i18n } = useLingui()
  const [openId, setOpenId] = useState<number | null>(null)
  const open = rows.find((r) => r.Id === openId)
  // Escape closes the form and the focus goes back to the card
  const formBox = useDialogFocus<HTMLFormElement>(open !== undefined, () => setOpenId(null))
  // a refused record opens on its first field in error, scrolled into view
  const openHasError = open !== undefined && Object.values(errors[open.Id] ?? {}).some(Boolean)
  useEffect(() => {
    if (openId === null || !openHasError) return
    return focusFirstErrorSoon(() => formBox.current)
    // only when a form opens: typing a fix must not move the focus
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openId])
  const primary = columns.filter((c) => c.primary)
  const audited = columns.some((c) => c.type === 'audit')
  const resetLabels = columns
    .filter((c) => auditResetFields[kind]?.includes(c.key))
    .map((c) => i18n._(c.label))

  return (
    <>
      <ul className="grid-cards" data-testid="grid-cards">
        {rows.map((r) => {
          const rowErrors = errors[r.Id]
          const rowWaiting = waiting[r.Id]
          const card = (
            <div
              className={`grid-card${rowErrors ? ' has-error' : ''}${rowWaiting ? ' is-waiting' : ''}${r.Id === focusId ? ' is-focused' : ''}`}
            >
              <label className="grid-card-check">
                <input
                  type="checkbox"
                  aria-label={t`Select row`}
                  checked={selected.has(r.Id)}
                  onChange={(e) => onSelect(r.Id, e.target.checked)}
                />
              </label>
              <button type="button" className="grid-card-body" onClick={() => setOpenId(r.Id)}>
                <span className="grid-card-title">
                  {primary.map((c) => (
                    <span
                      key={c.key}
                      className={rowErrors?.[c.key] ? 'has-error' : undefined}
                      data-field={c.key}
                    >
                      <CellView column={c} value={r[c.key]} />
                    </span>
                  ))}
                  {audited ? <AuditTag status={Number(r.AuditStatus ?? 0)} /> : null}
                  {primary.some((c) => rowWaiting?.[c.key]) ? <WaitingMark /> : null}
                </span>
                <dl className="grid-card-fields">
                  {cardFields(columns, rowErrors, r, rowWaiting).map((c) => {
                    const error = rowErrors?.[c.key]
                    return (
                      <div
                        key={c.key}
                        className={error ? 'has-error' : undefined}
                        data-field={c.key}
                        aria-invalid={error ? true : undefined}
                      >
                        <dt>
                          {i18n._(c.label)}
                          {c.required ? <RequiredMark /> : null}
                        </dt>
                        <dd>
                          <CellView column={c} value={r[c.key]} compact />
                          {rowWaiting?.[c.key] ? <WaitingMark /> : null}
                          {error ? (
                            <span className="grid-cell-error">
                              {translate(gridErrorText(error))}
                            </span>
                          ) : null}
                        </dd>
                      </div>
                    )
                  })}
                </dl>
                {primary.some((c) => rowErrors?.[c.key]) ? (
                  <span className="grid-cell-error">
                    {primary
                      .filter((c) => rowErrors?.[c.key])
                      .map(
                        (c) =>
                          `${i18n._(c.label)}: ${translate(gridErrorText(rowErrors![c.key]!))}`,
                      )
                      .join('; ')}
                  </span>
                ) : null}
                {rowErrors ? (
                  <span className="grid-cell-error">{t`Tap to correct the marked fields`}</span>
                ) : null}
              </button>
              {below?.(r.Id)}
            </div>
          )
          return (
            <li key={r.Id} data-testid="grid-row" data-id={r.Id}>
              {editable && onRemove ? (
                <SwipeAction
                  rightActions={[
                    {
                      key: 'delete',
                      text: t`Delete`,
                      color: 'danger',
                      onClick: () => onRemove(r.Id),
                    },
                  ]}
                >
                  {card}
                </SwipeAction>
              ) : (
                card
              )}
            </li>
          )
        })}
      </ul>
      <Popup
        visible={open !== undefined}
        onMaskClick={() => setOpenId(null)}
        position="right"
        bodyClassName="grid-form-popup"
        destroyOnClose
      >
        {open ? (
          <form
            className="grid-form"
            data-testid="grid-form"
            ref={formBox}
            tabIndex={-1}
            aria-label={t`Edit record`}
            onSubmit={(e) => (e.preventDefault(), setOpenId(null))}
          >
            {audited && open.Id > 0 ? (
              <p className="grid-form-audit" data-testid="grid-form-audit">
                <AuditTag status={Number(open.AuditStatus ?? 0)} />
                {Number(open.AuditStatus ?? 0) !== 0 && resetLabels.length > 0 ? (
                  <span>{t`Changing ${resetLabels.join(', ')} sends this record back to audit; the remark does not.`}</span>
                ) : null}
              </p>
            ) : null}
            {columns.map((c) => {
              const error = errors[open.Id]?.[c.key]
              const id = `grid-form-${c.key}`
              return (
                <div key={c.key} className={`grid-form-row${error ? ' has-error' : ''}`}>
                  <label htmlFor={id}>
                    {i18n._(c.label)}
                    {c.required ? <RequiredMark /> : null}
                  </label>
                  {editable && c.editable ? (
                    <CellEditor
                      id={id}
                      column={c}
                      value={open[c.key]}
                      onChange={(v) => onEdit(open.Id, c.key, v)}
                      error={error ? translate(gridErrorText(error)) : undefined}
                    />
                  ) : (
                    <span id={id}>
                      <CellView column={c} value={open[c.key]} />
                    </span>
                  )}
                  {waiting[open.Id]?.[c.key] ? <WaitingMark /> : null}
                  {error ? (
                    <span className="grid-cell-error" role="alert">
                      {translate(gridErrorText(error))}
                    </span>
                  ) : null}
                </div>
              )
            })}
            {onHistory && open.Id > 0 ? (
              <Button
                block
                type="button"
                fill="outline"
                className="grid-form-history"
                onClick={() => onHistory(open.Id)}
              >
                {t`History`}
              </Button>
            ) : null}
            <Button block type="submit" color="primary">
              {t`Done`}
            </Button>
          </form>
        ) : null}
      </Popup>
    </>
  )
}
