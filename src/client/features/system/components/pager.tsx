import { useLingui } from '@lingui/react/macro'

/** Previous / next page with "page n of m". */
export function Pager({
  pageIndex,
  pageSize,
  total,
  capped = false,
  onPage,
}: {
  pageIndex: number
  pageSize: number
  total: number
  /** the server stopped counting at `total`: there are more */
  capped?: boolean
  onPage: (n: number) => void
}) {
  const { t } = useLingui()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  return (
    <nav className="sys-pager" aria-label={t`Pages`}>
      <button type="button" disabled={pageIndex <= 1} onClick={() => onPage(pageIndex - 1)}>
        {t`Previous`}
      </button>
      <span>
        {capped
          ? t`Page ${pageIndex} of ${pages}+ · ${total}+ in all`
          : t`Page ${pageIndex} of ${pages} · ${total} in all`}
      </span>
      <button
        type="button"
        disabled={pageIndex >= pages}
        onClick={() => onPage(pageIndex + 1)}
        data-testid="pager-next"
      >
        {t`Next`}
      </button>
    </nav>
  )
}
