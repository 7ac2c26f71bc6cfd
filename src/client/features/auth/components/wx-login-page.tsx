import { Trans } from '@lingui/react/macro'
import { errorText } from '#client/lib/http'
import { Link } from '@tanstack/react-router'
import { ErrorBlock, SpinLoading } from 'antd-mobile'
import { useEffect, useState } from 'react'
import { getWxAuthorizeUrl } from '../api/get-wx-authorize-url.ts'
import { startFlow } from '../wx-flow.ts'
import { useSignInOptions } from './sign-in-modes.tsx'
import { NotOnThisSite } from './not-on-this-site.tsx'
import './auth.css'
import { atBase } from '#client/lib/base-url'

/**
 * `/wxlogin`: sends the browser to WeChat's authorize page, coming back to /callback. Without
 * WeChat on this site (not configured, no stand-in) it says so, with a link to sign in.
 */
export function WxLoginPage({ redirect }: { redirect: string | undefined }) {
  const options = useSignInOptions()
  const [error, setError] = useState<string | null>(null)
  const wechat = options?.wechat === true
  useEffect(() => {
    if (!wechat) return
    const flow = startFlow(redirect)
    getWxAuthorizeUrl(`${location.origin}${atBase('/callback')}`, flow.state).then(
      (url) => location.assign(url),
      (e: unknown) => setError(errorText(e, String(e))),
    )
  }, [redirect, wechat])
  if (options && !wechat)
    return <NotOnThisSite title={<Trans>Sign in with WeChat</Trans>} redirect={redirect} />
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
