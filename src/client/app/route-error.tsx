import type { ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { isNetworkError, PageError } from '#client/components/feedback/page-error'
import { chunkReloadStarted, isChunkLoadError } from '#client/lib/chunk-load'
import { ApiError } from '#client/lib/http'

/**
 * The routes' error boundary: the page's error state, and the error in the error log (SPEC §8
 * "unhandled UI errors") unless it is a failed call, which the request collector logs already.
 */
export function RouteError(props: ErrorComponentProps) {
  const { error } = props
  useEffect(() => {
    const chunk = isChunkLoadError(error)
    // a chunk the page recovers from (PageError asks the server, then reloads; a server that did
    // not answer is the connection, not the page)
    if (chunk ? chunkReloadStarted() : error instanceof ApiError || isNetworkError(error)) return
    // the log's code loads on first use, off a visitor's first load (scripts/vite-budget.ts)
    void import('#client/features/error-log/collect').then(({ describeError, addError }) =>
      addError({ source: chunk ? 'chunk' : 'render', ...describeError(error) }),
    )
  }, [error])
  return <PageError {...props} />
}
