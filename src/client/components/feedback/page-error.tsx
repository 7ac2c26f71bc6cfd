import { Trans } from '@lingui/react/macro'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useState } from 'react'
import { isChunkLoadError, recoverFromMissingChunk } from '#client/lib/chunk-load'
import { ApiError, apiErrorText } from '#client/lib/http'
import './feedback.css'

/**
 * Error state with retry for a page that failed (light: no antd-mobile on this path). A chunk gone
 * after a new deploy reloads the app once (chunk-load.ts); app/route-error.tsx logs the error.
 */
export function PageError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const { reset: resetQueries } = useQueryErrorResetBoundary()
  const chunk = isChunkLoadError(error)
  const [reloading] = useState(() => chunk && recoverFromMissingChunk())
  if (reloading) return null
  const offline = typeof navigator !== 'undefined' && !navigator.onLine
  const message = error instanceof ApiError ? apiErrorText(error) : undefined
  return (
    <div className="page-state" role="alert">
      <h2>{offline ? <Trans>You are offline</Trans> : <Trans>This page could not be loaded</Trans>}</h2>
      <p>{message ?? (chunk ? <Trans>The page's code could not be loaded. Reload the page to get the current version.</Trans> : <Trans>Check the connection and try again.</Trans>)}</p>
      <button
        type="button"
        className="page-state-retry"
        onClick={() => {
          resetQueries()
          reset()
          void router.invalidate()
        }}
      >
        <Trans>Try again</Trans>
      </button>
    </div>
  )
}
