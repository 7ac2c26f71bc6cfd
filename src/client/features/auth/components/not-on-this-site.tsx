import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import './auth.css'

/**
 * A sign-in way this site does not offer (SMS or WeChat not configured), opened by its address:
 * its name, "not available on this site" and the link to sign in.
 */
export function NotOnThisSite({ title, redirect }: { title: ReactNode; redirect?: string }) {
  return (
    <div className="auth-page">
      <div className="auth-card auth-center" role="status" data-testid="not-on-this-site">
        <h1>{title}</h1>
        <p>
          <Trans>Not available on this site</Trans>
        </p>
        <Link to="/login" search={redirect ? { redirect } : {}} data-testid="to-sign-in">
          <Trans>Sign in with an account</Trans>
        </Link>
      </div>
    </div>
  )
}
