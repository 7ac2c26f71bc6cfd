import { Trans } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { safeRedirect } from '../wx-flow.ts'
import { PhoneLoginForm } from './phone-login-form.tsx'
import { SignInModes } from './sign-in-modes.tsx'
import { AuthCard } from './auth-card.tsx'
import './auth.css'

/** `/phonelogin`: sign in with a mobile number and the code sent to it; then back to the redirect. */
export function PhoneLoginPage({ redirect }: { redirect: string | undefined }) {
  const navigate = useNavigate()
  return (
    <AuthCard title={<Trans>Staff sign-in</Trans>}>
      <SignInModes current="phone" redirect={redirect} />
      <PhoneLoginForm
        onSignedIn={() => navigate({ href: safeRedirect(redirect), replace: true })}
      />
      <Link to="/wxlogin" search={redirect ? { redirect } : {}} className="auth-alt">
        <Trans>Sign in with WeChat</Trans>
      </Link>
    </AuthCard>
  )
}
