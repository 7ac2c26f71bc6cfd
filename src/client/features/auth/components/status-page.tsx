import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ErrorBlock } from 'antd-mobile'
import type { ReactNode } from 'react'
import './auth.css'

/** Full-page status for /403 and /404. */
export function StatusPage({
  code,
  title,
  description,
}: {
  code: string
  title: ReactNode
  description: ReactNode
}) {
  return (
    <div className="auth-page">
      <div className="auth-card" data-testid={`status-${code}`}>
        <ErrorBlock
          status={code === '404' ? 'empty' : 'disconnected'}
          title={title}
          description={description}
          fullPage={false}
        />
        <p style={{ textAlign: 'center' }}>
          <Link to="/index">
            <Trans>Back to the home page</Trans>
          </Link>
        </p>
      </div>
    </div>
  )
}
