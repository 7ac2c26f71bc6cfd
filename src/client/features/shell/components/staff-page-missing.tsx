import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ErrorBlock } from 'antd-mobile'
import './staff-page-missing.css'

/**
 * An unknown address under a staff section, inside the staff layout (header, menu, tabs stay):
 * the server answers it with HTTP 404. A link to the dashboard, the staff home.
 */
export function StaffPageMissing() {
  return (
    <div className="staff-page-missing" data-testid="staff-page-missing">
      <ErrorBlock
        status="empty"
        title={<Trans>Page not found</Trans>}
        description={<Trans>The page you asked for does not exist.</Trans>}
        fullPage={false}
      />
      <p>
        <Link to="/admin/index">
          <Trans>Back to the home page</Trans>
        </Link>
      </p>
    </div>
  )
}
