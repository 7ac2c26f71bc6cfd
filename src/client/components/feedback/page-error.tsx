import { Trans } from '@lingui/react/macro'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { ApiError } from '#client/lib/http'
import './feedback.css'

/** Error state with retry for a page whose data failed to load (light: no antd-mobile on this path). */
export function PageError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const { reset: resetQueries } = useQueryErrorResetBoundary()
  const offline = typeof navigator !== 'undefined' && !navigator.onLine
  const message = error instanceof ApiError ? error.message : undefined
  return (
    <div className="page-state" role="alert">
      <h2>{offline ? <Trans>You are offline</Trans> : <Trans>This page could not be loaded</Trans>}</h2>
      <p>{message ?? <Trans>Check the connection and try again.</Trans>}</p>
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
