import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { GridConfig } from './grid-config.ts'
import { DataGrid } from './data-grid.tsx'
import type { GridSearch } from './grid-search.ts'

// `parseGridSearch` lives in grid-search.ts: route files import it from there, so the grid
// components stay out of the router tree that every page loads first (the public first-load budget).
export type { GridSearch }

type Props = { config: GridConfig; search: GridSearch; onShowAll: () => void; intro?: ReactNode }

/**
 * A grid page; opened from a notice or an order it shows that order's records, opened with
 * `?report={Id}` the one record (`{kind}/Get`), each with a way back to all. `intro` (e.g. a chart) goes between the title and the grid.
 */
export function GridScreen({ config, search, onShowAll, intro }: Props) {
  const { t, i18n } = useLingui()
  const orderLabel = search.orderId ?? String(search.id ?? '')
  const recordLabel = String(search.report ?? '')
  return (
    <div className="grid-screen">
      <header className="grid-screen-head">
        <h1>{i18n._(config.title)}</h1>
        {search.report ? (
          <p className="grid-filter" data-testid="grid-filter">
            {t`Record ${recordLabel}`}{' '}
            <button type="button" onClick={onShowAll}>{t`Show all`}</button>
          </p>
        ) : search.id ? (
          <p className="grid-filter" data-testid="grid-filter">
            {t`Order ${orderLabel}`}{' '}
            <button type="button" onClick={onShowAll}>{t`Show all`}</button>
          </p>
        ) : null}
      </header>
      {intro}
      {search.report ? (
        <DataGrid
          key={`record-${search.report}`}
          config={config}
          recordId={search.report}
          focusId={search.report}
        />
      ) : (
        <DataGrid
          key={search.id ?? 'all'}
          config={config}
          orderId={search.id}
          focusId={config.kind === 'Order' ? search.id : undefined}
        />
      )}
    </div>
  )
}
