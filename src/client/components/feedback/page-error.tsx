import { Trans } from '@lingui/react/macro'
import { ErrorBlock, Button } from 'antd-mobile'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { ApiError } from '#client/lib/http'

/** Error state with retry for a page whose data failed to load. */
export function PageError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const { reset: resetQueries } = useQueryErrorResetBoundary()
  const offline = typeof navigator !== 'undefined' && !navigator.onLine
  const message = error instanceof ApiError ? error.message : undefined
  return (
    <div className="page-state" role="alert">
      <ErrorBlock
        status="default"
        title={offline ? <Trans>You are offline</Trans> : <Trans>This page could not be loaded</Trans>}
        description={message ?? <Trans>Check the connection and try again.</Trans>}
      >
        <Button
          color="primary"
          onClick={() => {
            resetQueries()
            reset()
            void router.invalidate()
          }}
        >
          <Trans>Try again</Trans>
        </Button>
      </ErrorBlock>
    </div>
  )
}
