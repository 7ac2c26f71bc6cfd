import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

// the sign-in pages read the options through this file: one chunk for both (login page weight)
export { useSignInOptions } from '../api/get-sign-in-options.ts'

/**
 * The two ways to sign in, as links (SPEC §4 phone-code sign-in lives on `/phonelogin`, so the
 * account form's page never downloads it).
 */
export function SignInModes({
  current,
  redirect,
}: {
  current: 'account' | 'phone'
  redirect: string | undefined
}) {
  const search = redirect ? { redirect } : {}
  return (
    <nav className="auth-modes">
      <Link
        to="/login"
        search={search}
        replace
        aria-current={current === 'account' ? 'page' : undefined}
        data-testid="login-mode-account"
      >
        <Trans>Account</Trans>
      </Link>
      <Link
        to="/phonelogin"
        search={search}
        replace
        aria-current={current === 'phone' ? 'page' : undefined}
        data-testid="login-mode-phone"
      >
        <Trans>Phone code</Trans>
      </Link>
    </nav>
  )
}
