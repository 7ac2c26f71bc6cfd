import { Trans } from '@lingui/react/macro'
import { errorText } from '#client/lib/http'
import { Link } from '@tanstack/react-router'
import { ErrorBlock, SpinLoading } from 'antd-mobile'
import { useEffect, useState } from 'react'
import { getWxAuthorizeUrl } from '../api/get-wx-authorize-url.ts'
import { startFlow } from '../wx-flow.ts'
import './auth.css'
import { atBase } from '#client/lib/base-url'

/** `/wxlogin`: sends the browser to WeChat's authorize page, coming back to /callback. */
export function WxLoginPage({ redirect }: { redirect: string | undefined }) {
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    const flow = startFlow(redirect)
    getWxAuthorizeUrl(`${location.origin}${atBase('/callback')}`, flow.state).then(
      (url) => location.assign(url),
      (e: unknown) => setError(errorText(e, String(e))),
    )
  }, [redirect])
  return (
    <div className="auth-page">
      <div className="auth-card auth-center">
        {error ? (
          <>
            <ErrorBlock
              status="default"
              title={<Trans>WeChat sign-in is not available</Trans>}
              description={error}
            />
            <Link to="/login">
              <Trans>Sign in with an account</Trans>
            </Link>
          </>
        ) : (
          <>
            <SpinLoading />
            <p>
              <Trans>Opening WeChat…</Trans>
            </p>
          </>
        )}
      </div>
    </div>
  )
}
