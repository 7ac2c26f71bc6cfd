import { useLingui } from '@lingui/react/macro'
import type { GridConfig } from './grid-config.ts'
import { DataGrid } from './data-grid.tsx'

/** Search of every grid route: notice links open `?id={order Id}&orderId={order number}` (SPEC §2). */
export type GridSearch = { id?: number; orderId?: string }

export function parseGridSearch(s: Record<string, unknown>): GridSearch {
  const id = Number(s.id)
  const orderId = typeof s.orderId === 'string' || typeof s.orderId === 'number' ? String(s.orderId).slice(0, 50) : undefined
  return { ...(Number.isSafeInteger(id) && id > 0 ? { id } : {}), ...(orderId ? { orderId } : {}) }
}

/** A grid page; opened from a notice or an order it shows that order's records, with a way back to all. */
export function GridScreen({ config, search, onShowAll }: { config: GridConfig; search: GridSearch; onShowAll: () => void }) {
  const { t, i18n } = useLingui()
  const orderLabel = search.orderId ?? String(search.id ?? '')
  return (
    <div className="grid-screen">
      <header className="grid-screen-head">
        <h1>{i18n._(config.title)}</h1>
        {search.id ? (
          <p className="grid-filter" data-testid="grid-filter">
            {t`Order ${orderLabel}`}
            <button type="button" onClick={onShowAll}>{t`Show all`}</button>
          </p>
        ) : null}
      </header>
      <DataGrid key={search.id ?? 'all'} config={config} orderId={search.id} focusId={config.kind === 'Order' ? search.id : undefined} />
    </div>
  )
}
