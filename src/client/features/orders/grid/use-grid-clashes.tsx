import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { CellView } from './grid-cell.tsx'
import type { GridColumn, GridRow } from './grid-config.ts'
import { clashCellErrors, type GridClashes } from './grid-clashes.ts'
import type { CellErrors } from './grid-edits.ts'

/** The notice loads with the first clash, not with the grid (the grid's size budget). */
const ClashNotice = lazy(() =>
  import('#client/components/clash/clash-notice').then((m) => ({ default: m.ClashNotice })),
)

type Actions = {
  onKeepMine: (id: number) => void
  onTakeTheirs: (id: number) => void
  busy: boolean
}

/** The grid's rows refused as clashes (DESIGN §11): their notices, and their cells marked. */
export function useGridClashes(columns: GridColumn[], rows: GridRow[]) {
  const { t, i18n } = useLingui()
  const [clashes, setClashes] = useState<GridClashes>({})
  const columnOf = (field: string) => columns.find((c) => c.key === field)
  const label = (field: string) => {
    const c = columnOf(field)
    return c ? i18n._(c.label) : field
  }
  const value = (field: string, v: unknown): ReactNode => {
    const c = columnOf(field)
    if (v === null || v === undefined || v === '') return '—'
    return c ? <CellView column={c} value={v} compact /> : String(v)
  }
  const title = (id: number) => {
    const r = rows.find((x) => x.Id === id)
    return r
      ? columns
          .filter((c) => c.primary)
          .map((c) => String(r[c.key] ?? ''))
          .filter(Boolean)
          .join(' · ') || undefined
      : undefined
  }
  const notice = (id: number, a: Actions) => {
    const clash = clashes[id]
    if (!clash) return null
    return (
      <Suspense key={id} fallback={null}>
        <ClashNotice
          conflicts={clash.conflicts}
          deleting={clash.deleting}
          title={title(id)}
          label={label}
          value={value}
          busy={a.busy}
          onKeepMine={() => a.onKeepMine(id)}
          onTakeTheirs={() => a.onTakeTheirs(id)}
        />
      </Suspense>
    )
  }
  const cellErrors = clashCellErrors(
    clashes,
    (c) => t`Changed by ${c.currentBy} since you opened it`,
  )
  return { clashes, setClashes, notice, cellErrors }
}

/** The grid's own errors with the clashing cells marked too. */
export function withClashErrors(errors: CellErrors, clash: CellErrors): CellErrors {
  if (Object.keys(clash).length === 0) return errors
  const out: CellErrors = { ...errors }
  for (const [id, fields] of Object.entries(clash))
    out[Number(id)] = { ...fields, ...stripEmpty(errors[Number(id)]) }
  return out
}

const stripEmpty = (r: Record<string, string> | undefined) =>
  Object.fromEntries(Object.entries(r ?? {}).filter(([, v]) => v))
