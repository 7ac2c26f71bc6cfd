import { Trans } from '@lingui/react/macro'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { isChunkLoadError, recoverFromMissingChunk } from '#client/lib/chunk-load'
import { ApiError, apiErrorText } from '#client/lib/http'
import './feedback.css'

/** How browsers word a `fetch` that got no answer (Chromium, Firefox, Safari; Node's undici). */
const fetchFailed = /^(Failed to fetch|NetworkError|Load failed|fetch failed)/
/**
 * A fetch that got no answer or a call that timed out: the connection, not the page. Only these
 * TypeErrors: "Cannot read properties of undefined" is a TypeError too, and a fault of the page.
 */
export const isNetworkError = (e: unknown) =>
  (e instanceof TypeError && fetchFailed.test(e.message)) ||
  (e instanceof Error && e.name === 'TimeoutError')

/**
 * Error state with retry for a page that failed (light: no antd-mobile on this path). A chunk gone
 * after a new deploy reloads the app once, when the server answers (chunk-load.ts);
 * app/route-error.tsx logs the error.
 */
export function PageError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const { reset: resetQueries } = useQueryErrorResetBoundary()
  const chunk = isChunkLoadError(error)
  // a missing chunk: asking whether the server answers, then reloading; nothing to show yet
  const [asking] = useState(() => chunk && recoverFromMissingChunk())
  const [away, setAway] = useState(false)
  useEffect(() => {
    if (asking) void asking.then(() => setAway(true))
  }, [asking])
  if (asking && !away) return null
  const offline = typeof navigator !== 'undefined' && !navigator.onLine
  const message = error instanceof ApiError ? apiErrorText(error) : undefined
  // a fault of the page itself (not its code or data failing to arrive): the error log has it
  const broken = !offline && !chunk && !message && !isNetworkError(error)
  return (
    <div className="page-state" role="alert">
      <h2>
        {offline ? (
          <Trans>You are offline</Trans>
        ) : broken ? (
          <Trans>This page ran into an error</Trans>
        ) : (
          <Trans>This page could not be loaded</Trans>
        )}
      </h2>
      {broken ? null : (
        <p>
          {message ??
            // the code did not come because the server did not answer: the connection, not a new version
            (chunk && !away ? (
              <Trans>
                The page's code could not be loaded. Reload the page to get the current version.
              </Trans>
            ) : (
              <Trans>Check the connection and try again.</Trans>
            ))}
        </p>
      )}
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
