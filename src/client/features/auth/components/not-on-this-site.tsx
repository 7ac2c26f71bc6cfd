import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import './auth.css'

/** A sign-in way this site does not offer (SMS or WeChat not configured, sign-up closed), opened by its address. */
export function NotOnThisSite({
  title,
  detail,
  redirect,
}: {
  title: ReactNode
  detail?: ReactNode
  redirect?: string
}) {
  return (
    <div className="auth-page">
      <div className="auth-card auth-center" role="status" data-testid="not-on-this-site">
        <h1 className="auth-unavailable">{title}</h1>
        {detail ? <p>{detail}</p> : null}
        <Link to="/login" search={redirect ? { redirect } : {}} data-testid="to-sign-in">
          <Trans>Sign in with an account</Trans>
        </Link>
      </div>
    </div>
  )
}
