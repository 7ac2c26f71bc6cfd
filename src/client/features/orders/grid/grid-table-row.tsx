import { useLingui } from '@lingui/react/macro'
import { memo, useCallback, useState, type KeyboardEvent } from 'react'
import { flushSync } from 'react-dom'
import { translate } from '#client/lib/i18n'
import type { GridColumn, GridRow } from './grid-config.ts'
import { gridErrorText } from './grid-error-text.ts'
import { CellEditor, CellView, WaitingMark } from './grid-cell.tsx'
import { cellKeyAction, focusCell, nextCell } from './grid-keys.ts'

type Props = {
  row: GridRow
  index: number
  columns: GridColumn[]
  errors: Record<string, string> | undefined
  /** fields whose new value waits in the outbox */
  waiting: Record<string, true> | undefined
  selected: boolean
  editable: boolean
  focused: boolean
  /** the row has unsaved changes: its inputs stay open */
  dirty: boolean
  rowHeight: number
  onSelect: (id: number, on: boolean) => void
  onEdit: (id: number, key: string, value: unknown) => void
  measure: (el: HTMLTableRowElement | null) => void
  /** accessible names of the cells' edit buttons, by column key ("Edit Quantity") */
  editLabels: ReadonlyMap<string, string>
}

/**
 * One table row. Memoised: while scrolling only the rows entering the window render, the others
 * keep their DOM. The grid reuses a row's DOM for another record when it scrolls out of view,
 * so the cell opened for editing belongs to the record's Id and closes when the record leaves.
 * Saved rows show their values as text; clicking a cell or Enter on it opens the row's inputs
 * (new, changed and refused rows keep them open), so a 10,000-row grid does not lay out
 * thousands of inputs and date pickers while it scrolls.
 */
export const GridTableRow = memo(function GridTableRow({
  row: r,
  index,
  columns,
  errors,
  waiting,
  selected,
  editable,
  focused,
  dirty,
  rowHeight,
  onSelect,
  onEdit,
  measure,
  editLabels,
}: Props) {
  const { t } = useLingui()
  const [edited, setEdited] = useState<{ id: number; key: string; before: unknown } | null>(null)
  // the row now shows another record: the cell opened on the previous one closes
  if (edited !== null && edited.id !== r.Id) setEdited(null)
  const editing = edited?.id === r.Id ? edited.key : null
  const open = editable && (editing !== null || r.Id < 0 || dirty || errors !== undefined)
  // opening widens the area column (its selects), which would move the cells right of it from
  // under the pointer (a double click's second click landing on another cell): the table
  // scrolls by as much, so the cell stays where it was
  const start = (key: string, td: HTMLElement) => {
    const left = td.getBoundingClientRect().left
    flushSync(() => setEdited({ id: r.Id, key, before: r[key] }))
    td.closest('.grid-scroll')!.scrollLeft += td.getBoundingClientRect().left - left
  }
  // keyboard: arrows move between cells, Enter or F2 edits, Enter ends the edit,
  // Escape cancels it (the cell gets its value back) and keeps the focus on the cell
  const onCellKey = (e: KeyboardEvent<HTMLTableCellElement>, key: string) => {
    const td = e.currentTarget
    const action = cellKeyAction(e, td)
    if (action === null) return
    e.preventDefault()
    if (action === 'edit') return start(key, td)
    if (action === 'done' || action === 'cancel') {
      if (action === 'cancel' && edited?.key === key) onEdit(r.Id, key, edited.before)
      setEdited(null)
      requestAnimationFrame(() => focusCell(td))
      return
    }
    const to = nextCell(td, action)
    if (to) focusCell(to)
  }
  // a new callback per index: it writes the row's data-index, which the virtual list reads as it
  // measures the row again each time the row shows another record
  const ref = useCallback(
    (el: HTMLTableRowElement | null) => {
      if (el) el.dataset.index = String(index)
      measure(el)
    },
    [measure, index],
  )
  return (
    <tr
      ref={ref}
      data-testid="grid-row"
      data-id={r.Id}
      className={`${r.Id < 0 ? 'is-new' : ''}${focused ? ' is-focused' : ''}${open ? ' is-open' : ''}`}
      style={{ height: rowHeight }}
      onBlur={(e) => {
        if (editing !== null && !e.currentTarget.contains(e.relatedTarget as Node | null))
          setEdited(null)
      }}
    >
      <td className="grid-check">
        <input
          type="checkbox"
          aria-label={t`Select row`}
          checked={selected}
          onChange={(e) => onSelect(r.Id, e.target.checked)}
        />
      </td>
      {columns.map((c) => {
        const error = errors?.[c.key]
        // a saved editable cell is focusable text (one element less per cell than a button
        // inside it, which counts while a long grid scrolls); clicking or tabbing in opens it
        const closed = !open && editable && c.editable
        return (
          <td
            key={c.key}
            className={
              [
                error ? 'has-error' : '',
                closed ? 'grid-cell-text' : '',
                waiting?.[c.key] ? 'is-waiting' : '',
              ]
                .join(' ')
                .trim() || undefined
            }
            data-field={c.key}
            tabIndex={closed ? 0 : undefined}
            title={closed ? editLabels.get(c.key) : undefined}
            onClick={closed ? (e) => start(c.key, e.currentTarget) : undefined}
            onKeyDown={editable && c.editable ? (e) => onCellKey(e, c.key) : undefined}
          >
            {open && c.editable ? (
              <CellEditor
                column={c}
                value={r[c.key]}
                autoFocus={editing === c.key}
                onChange={(v) => onEdit(r.Id, c.key, v)}
                error={error ? translate(gridErrorText(error)) : undefined}
              />
            ) : (
              <CellView column={c} value={r[c.key]} />
            )}
            {waiting?.[c.key] ? <WaitingMark /> : null}
            {error ? (
              <span className="grid-cell-error" role="alert">
                {translate(gridErrorText(error))}
              </span>
            ) : null}
          </td>
        )
      })}
    </tr>
  )
})
