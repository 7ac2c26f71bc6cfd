import { Trans } from '@lingui/react/macro'
import { ErrorBlock } from 'antd-mobile'

/** Said plainly by a screen that is planned but not built yet. */
export function NotAvailable() {
  return (
    <div className="page-state" data-testid="not-available">
      <ErrorBlock
        status="empty"
        title={<Trans>Not available yet</Trans>}
        description={<Trans>This screen is planned but has not been built yet.</Trans>}
      />
    </div>
  )
}
