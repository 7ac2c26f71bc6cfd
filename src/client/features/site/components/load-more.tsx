import { Trans } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import './load-more.css'

/** Infinite scroll without a component library: loads the next page as the end comes into view. */
export function LoadMore({
  hasMore,
  loading,
  onMore,
}: {
  hasMore: boolean
  loading: boolean
  onMore: () => void
}) {
  const sentinel = useRef<HTMLDivElement>(null)
  const more = useRef(onMore)
  useEffect(() => {
    more.current = onMore
  })
  useEffect(() => {
    const el = sentinel.current
    if (!el || !hasMore) return
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) more.current()
      },
      { rootMargin: '200px' },
    )
    io.observe(el)
    return () => io.disconnect()
  }, [hasMore])
  return (
    <div ref={sentinel} className="load-more">
      {hasMore ? (
        <button type="button" onClick={onMore} disabled={loading}>
          {loading ? <Trans>Loading…</Trans> : <Trans>Load more</Trans>}
        </button>
      ) : (
        <Trans>That is all</Trans>
      )}
    </div>
  )
}
