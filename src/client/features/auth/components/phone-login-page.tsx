import { Trans } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { safeRedirect } from '../wx-flow.ts'
import { PhoneLoginForm } from './phone-login-form.tsx'
import { SignInModes, useSignInOptions } from './sign-in-modes.tsx'
import { AuthCard } from './auth-card.tsx'
import { NotOnThisSite } from './not-on-this-site.tsx'
import './auth.css'

/**
 * `/phonelogin`: sign in with a mobile number and the code sent to it; then back to the
 * redirect. Without phone codes on this site (no SMS_SENDER, no SMS_TEST_CODE) it says so.
 */
export function PhoneLoginPage({ redirect }: { redirect: string | undefined }) {
  const navigate = useNavigate()
  const options = useSignInOptions()
  if (options && !options.phone)
    return <NotOnThisSite title={<Trans>Phone code</Trans>} redirect={redirect} />
  return (
    <AuthCard title={<Trans>Staff sign-in</Trans>}>
      <SignInModes current="phone" redirect={redirect} />
      <PhoneLoginForm
        onSignedIn={() => navigate({ href: safeRedirect(redirect), replace: true })}
      />
      {options?.wechat ? (
        <Link to="/wxlogin" search={redirect ? { redirect } : {}} className="auth-alt">
          <Trans>Sign in with WeChat</Trans>
        </Link>
      ) : null}
    </AuthCard>
  )
}
