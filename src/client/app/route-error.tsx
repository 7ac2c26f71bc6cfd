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
    // the page is reloading to fetch the new version: a half-loaded module is no error of the page
    if (chunkReloadStarted()) return
    if (error instanceof ApiError || (!chunk && isNetworkError(error))) return
    // the log's code loads on first use, off a visitor's first load (scripts/vite-budget.ts)
    void import('#client/features/error-log/collect').then(({ describeError, addError }) =>
      addError({ source: chunk ? 'chunk' : 'render', ...describeError(error) }),
    )
  }, [error])
  if (chunkReloadStarted()) return null
  return <PageError {...props} />
}
