import { useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'

type Props<F extends string> = {
  filters: [F, string][]
  filter: F
  onFilter: (f: F) => void
  /** total rows of the current query; undefined while loading */
  total: number | undefined
  loading: boolean
  empty: string
  pageIndex: number
  pageSize: number
  onPage: (p: number) => void
  children: ReactNode
}

/** Filter and page state of a FilteredCardList; `paging` goes to the list as props. */
export function usePagedFilter<F extends string>(initial: F, pageSize: number) {
  const [filter, onFilter] = useState<F>(initial)
  const [pageIndex, onPage] = useState(1)
  return { filter, pageIndex, paging: { filter, onFilter, pageIndex, pageSize, onPage } }
}

/**
 * The card list of the staff content screens that page through server rows (visitor messages,
 * WeChat users): filter buttons, loading and empty states, the cards, previous/next.
 */
export function FilteredCardList<F extends string>(p: Props<F>) {
  const { t } = useLingui()
  const pages = Math.max(1, Math.ceil((p.total ?? 0) / p.pageSize))
  return (
    <>
      <div className="content-filters" role="group" aria-label={t`Filter`}>
        {p.filters.map(([key, label]) => (
          <button
            key={key}
            type="button"
            aria-pressed={p.filter === key}
            onClick={() => (p.onFilter(key), p.onPage(1))}
          >
            {label}
          </button>
        ))}
      </div>
      {p.loading ? <p className="content-state">{t`Loading…`}</p> : null}
      {p.total === 0 ? <p className="content-state">{p.empty}</p> : null}
      <ul className="content-cards">{p.children}</ul>
      <nav className="content-pager" aria-label={t`Pages`}>
        <button
          type="button"
          disabled={p.pageIndex <= 1}
          onClick={() => p.onPage(p.pageIndex - 1)}
        >{t`Previous`}</button>
        <span>{t`Page ${p.pageIndex} of ${pages}`}</span>
        <button
          type="button"
          disabled={p.pageIndex >= pages}
          onClick={() => p.onPage(p.pageIndex + 1)}
        >{t`Next`}</button>
      </nav>
    </>
  )
}
