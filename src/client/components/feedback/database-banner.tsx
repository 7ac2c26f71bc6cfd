import { Trans } from '@lingui/react/macro'
import { useDatabaseDown } from '#client/lib/server-health'

/**
 * One banner while the server cannot reach its database (lib/server-health.ts): saves answered
 * 503 say so here once, not in a toast each; it goes away by itself when the server is ready.
 */
export function DatabaseBanner() {
  const down = useDatabaseDown()
  if (!down) return null
  return (
    <div className="app-banner app-banner-offline" role="status" data-testid="database-banner">
      <Trans>The server cannot reach its database. Saving works again once it is back.</Trans>
    </div>
  )
}
