import { useLingui } from '@lingui/react/macro'
import { RequiredMark } from './required-mark.tsx'
import { tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useMemo, useRef } from 'react'
import type { GridColumn, GridRow } from './grid-config.ts'
import type { CellErrors } from './grid-edits.ts'
import { areaEditWidth, fitColumnWidths } from './grid-column-widths.ts'
import { GridTableRow } from './grid-table-row.tsx'

const features = tableFeatures({})
/** px: the height of a row showing text (set on each row; grid.css centres the text in it) */
const rowHeight = 32
const overscan = 3
/**
 * Rows are keyed by their slot in a ring as long as the most rows the window can hold, not by
 * record: a row scrolled out hands its DOM to the row scrolled in (index mod ring), so scrolling
 * a long grid updates text in place instead of building and dropping hundreds of elements per
 * frame, and the garbage collections that follow.
 */
const ringOf = (height: number) => Math.ceil(height / rowHeight) + 1 + 2 * overscan
const noRows: GridRow[] = []

type Props = {
  columns: GridColumn[]
  rows: GridRow[]
  errors: CellErrors
  /** fields of saves waiting in the outbox, by row (pending-saves.ts) */
  waiting: Record<number, Record<string, true>>
  selected: ReadonlySet<number>
  onSelect: (id: number, on: boolean) => void
  onSelectAll: (on: boolean) => void
  onEdit: (id: number, key: string, value: unknown) => void
  editable: boolean
  /** px: window height - 291 (SPEC §9) */
  height: number
  focusId?: number
  /** rows with unsaved changes */
  dirtyIds: ReadonlySet<number>
}

/** The wide-screen grid: a compact table, rows virtualised, editable cells as inputs. */
export function GridTable({
  columns,
  rows,
  errors,
  waiting,
  selected,
  onSelect,
  onSelectAll,
  onEdit,
  editable,
  height,
  focusId,
  dirtyIds,
}: Props) {
  const { t, i18n } = useLingui()
  const defs = useMemo<ColumnDef<typeof features, GridRow>[]>(
    () =>
      columns.map((c) => ({
        id: c.key,
        accessorFn: (r: GridRow) => r[c.key],
        header: () => (
          <>
            {i18n._(c.label)}
            {c.required ? <RequiredMark /> : null}
          </>
        ),
      })),
    [columns, i18n],
  )
  // the table gives the column and header model; the virtual window reads its rows straight
  // from the data (building TanStack row objects for 10,000 rows cost more than the render)
  const editLabels = useMemo(
    () => new Map(columns.map((c) => [c.key, t`Edit ${i18n._(c.label)}`])),
    [columns, i18n, t],
  )
  const table = useTable({ features, columns: defs, data: noRows, getRowId: (r) => String(r.Id) })
  const scroller = useRef<HTMLDivElement>(null)
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan,
    useFlushSync: false,
  })
  const items = virtual.getVirtualItems()
  const slots = Math.max(ringOf(height), items.length)
  const before = items[0]?.start ?? 0
  const after = virtual.getTotalSize() - (items.at(-1)?.end ?? 0)
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.Id))
  // widths fit the page's values; an area column widens while a row is open for its selects
  const widthOf = useMemo(
    () => fitColumnWidths(columns, rows, (c) => i18n._(c.label)),
    [columns, rows, i18n],
  )
  const width = columns.reduce((s, c) => s + (widthOf.get(c.key) ?? 120), 40)

  return (
    <div
      className="grid-scroll"
      ref={scroller}
      style={{ maxHeight: height }}
      data-testid="grid-table"
    >
      <table className="grid-table" style={{ minWidth: width }}>
        <thead>
          {table.getHeaderGroups().map((g) => (
            <tr key={g.id}>
              <th className="grid-check">
                <input
                  type="checkbox"
                  aria-label={t`Select all`}
                  checked={allSelected}
                  onChange={(e) => onSelectAll(e.target.checked)}
                />
              </th>
              {g.headers.map((h) => (
                <th
                  key={h.id}
                  className={
                    columns.find((c) => c.key === h.column.id)?.type === 'area'
                      ? 'grid-th-area'
                      : undefined
                  }
                  style={{
                    width: widthOf.get(h.column.id) ?? 120,
                    ['--edit-width' as string]: `${areaEditWidth}px`,
                  }}
                  data-testid={`grid-th-${h.column.id}`}
                  scope="col"
                >
                  <table.FlexRender header={h} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {before > 0 && <tr style={{ height: before }} aria-hidden="true" />}
          {items.map((v) => {
            const r = rows[v.index]
            if (!r) return null
            return (
              <GridTableRow
                key={v.index % slots}
                row={r}
                index={v.index}
                columns={columns}
                errors={errors[r.Id]}
                waiting={waiting[r.Id]}
                selected={selected.has(r.Id)}
                editable={editable}
                focused={r.Id === focusId}
                dirty={dirtyIds.has(r.Id)}
                rowHeight={rowHeight}
                onSelect={onSelect}
                onEdit={onEdit}
                measure={virtual.measureElement}
                editLabels={editLabels}
              />
            )
          })}
          {after > 0 && <tr style={{ height: after }} aria-hidden="true" />}
        </tbody>
      </table>
    </div>
  )
}
