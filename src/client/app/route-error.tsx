import type { ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { PageError } from '#client/components/feedback/page-error'
import { isChunkLoadError } from '#client/lib/chunk-load'
import { ApiError } from '#client/lib/http'

const isNetworkError = (e: unknown) => e instanceof TypeError || (e instanceof Error && e.name === 'TimeoutError')

/**
 * The routes' error boundary: the page's error state, and the error in the error log (SPEC §8
 * "unhandled UI errors") unless it is a failed call, which the request collector logs already.
 */
export function RouteError(props: ErrorComponentProps) {
  const { error } = props
  useEffect(() => {
    const chunk = isChunkLoadError(error)
    if (error instanceof ApiError || (!chunk && isNetworkError(error))) return
    // the log's code loads on first use, off a visitor's first load (scripts/vite-budget.ts)
    void import('#client/features/error-log/collect').then(({ describeError, addError }) => addError({ source: chunk ? 'chunk' : 'render', ...describeError(error) }))
  }, [error])
  return <PageError {...props} />
}
